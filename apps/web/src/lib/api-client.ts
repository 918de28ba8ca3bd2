import { MESSAGES } from "@neonlab/shared/messages";
import { readAuthToken } from "./auth-token.ts";
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from "./idempotency-key.ts";

/** An API failure with the server's error object (spec §3). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly statusMessage: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;
export type ApiOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Send no bearer token even when signed in. */
  anonymous?: boolean;
};

const IDEMPOTENT = new Set(["GET", "PUT", "DELETE"]);
const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const MAX_NETWORK_ATTEMPTS = 3;

/** The response-message helper of spec §8: message, a list joined by line breaks, else the generic text. */
export function responseMessage(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  if (Array.isArray(message)) return message.map(String).join("\n");
  if (typeof message === "string" && message) return message;
  return MESSAGES.genericError;
}

/** The client's error for a failed answer: the server's error object (spec §3), else the status line. */
export function apiErrorFrom(response: Response, body: unknown): ApiError {
  const fields = (typeof body === "object" && body !== null ? body : {}) as { statusMessage?: unknown; code?: unknown };
  return new ApiError(
    response.status,
    typeof fields.statusMessage === "string" ? fields.statusMessage : response.statusText,
    responseMessage(body),
    typeof fields.code === "string" ? fields.code : undefined,
  );
}

/** Message to show for any thrown error from `api()`. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return MESSAGES.networkError;
  return error instanceof Error && error.message ? error.message : MESSAGES.genericError;
}

/** The address `api(path, { query })` requests, without the origin, e.g. "/api/rank?period=all". */
export function apiPath(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `/api/${path.replace(/^\/+/, "")}${search ? `?${search}` : ""}`;
}

/**
 * A query's `queryFn` for one GET, and its address as `meta.api`, written once: the server renders the
 * live pages from the same address (src/entry-prerender.tsx).
 */
export function getQuery<T>(path: string, query?: Query) {
  return {
    queryFn: ({ signal }: { signal?: AbortSignal }) => api<T>(path, { query, signal }),
    meta: { api: apiPath(path, query) },
  };
}

/**
 * Calls the product API with the bearer token. Network failures are retried (3 attempts in
 * total); non-idempotent requests are retried once on the spec's retryable statuses. Every write
 * carries an Idempotency-Key, the same on each attempt, so a retry never does the work twice.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const url = new URL(apiPath(path, options.query), window.location.origin);
  const headers: Record<string, string> = { accept: "application/json" };
  const token = options.anonymous ? null : readAuthToken();
  if (token) headers.authorization = `Bearer ${token}`;
  // A FormData body (an upload) goes as multipart/form-data: fetch writes its content type and boundary.
  const form = options.body instanceof FormData ? options.body : null;
  if (options.body !== undefined && !form) headers["content-type"] = "application/json";
  if (method !== "GET") headers[IDEMPOTENCY_KEY_HEADER] = newIdempotencyKey();

  const statusRetries = IDEMPOTENT.has(method) ? 0 : 1;
  let statusAttempt = 0;
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted || attempt >= MAX_NETWORK_ATTEMPTS) {
        throw error instanceof DOMException && error.name === "AbortError"
          ? error
          : new TypeError(MESSAGES.networkError);
      }
      continue;
    }
    if (response.ok) {
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    }
    if (RETRY_STATUSES.has(response.status) && statusAttempt < statusRetries) {
      statusAttempt++;
      continue;
    }
    throw apiErrorFrom(response, await response.json().catch(() => null));
  }
}
