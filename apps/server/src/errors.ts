import { STATUS_CODES } from "node:http";

/** The one error type for expected failures; mapped to HTTP by the error handler. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly details?: unknown;

  constructor(statusCode: number, message: string, details?: unknown) {
    super(message);
    this.statusCode = statusCode;
    this.details = details;
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = "You need to sign in to do that.") => new AppError(401, message);
export const forbidden = (message = "You are not allowed to do that.") => new AppError(403, message);
export const notFound = (message = "Not found.") => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message = "Too many requests. Please wait a moment and try again.") =>
  new AppError(429, message);

export function errorBody(statusCode: number, message: string) {
  return { statusCode, statusMessage: STATUS_CODES[statusCode] ?? "Error", message };
}
