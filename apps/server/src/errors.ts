import { STATUS_CODES } from "node:http";

/** The one error type for expected failures; mapped to HTTP by the error handler. */
export class AppError extends Error {
  readonly statusCode: number;
  /** Sent as Retry-After (a 429 or 503 that says when to come back). */
  readonly retryAfterSeconds?: number;

  constructor(statusCode: number, message: string, retryAfterSeconds?: number) {
    super(message);
    this.statusCode = statusCode;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = "You need to sign in to do that.") => new AppError(401, message);
export const forbidden = (message = "You are not allowed to do that.") => new AppError(403, message);
export const notFound = (message = "Not found.") => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (
  message = "Too many requests. Please wait a moment and try again.",
  retryAfterSeconds?: number,
) => new AppError(429, message, retryAfterSeconds);

/** The 429 of a rate limit: wait `seconds` (sent as Retry-After). */
export const rateLimited = (
  seconds: number,
  message = `Too many attempts. Please wait ${seconds} seconds and try again.`,
) => tooManyRequests(message, seconds);

export function errorBody(statusCode: number, message: string) {
  return { statusCode, statusMessage: STATUS_CODES[statusCode] ?? "Error", message };
}
