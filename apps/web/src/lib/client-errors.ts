import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from "./idempotency-key.ts";

const WINDOW_MS = 60_000;
const MAX_PER_WINDOW = 5;
const sent: number[] = [];
const recentMessages = new Map<string, number>();

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack?.slice(0, 10_000) };
  if (typeof error === "string") return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/** Errors the browser raises that say nothing about our code. */
export function isNoise(error: unknown): boolean {
  const message = describe(error).message;
  return (
    (error instanceof DOMException && error.name === "AbortError") ||
    /ResizeObserver loop/.test(message) ||
    /^Script error\.?$/.test(message)
  );
}

/**
 * The error-reporting hook: sends the error to POST /api/client-errors (at most 5 a minute,
 * the same message at most once a minute). Returns whether a report was sent.
 */
export function reportClientError(error: unknown, now = Date.now()): boolean {
  if (isNoise(error)) return false;
  const { message, stack } = describe(error);
  while (sent.length && now - (sent[0] ?? 0) > WINDOW_MS) sent.shift();
  const last = recentMessages.get(message);
  if (sent.length >= MAX_PER_WINDOW || (last !== undefined && now - last < WINDOW_MS)) return false;
  sent.push(now);
  recentMessages.set(message, now);
  const body = JSON.stringify({
    message: message.slice(0, 2000) || "Unknown error",
    stack,
    path: `${window.location.pathname}${window.location.search}`.slice(0, 2000),
  });
  fetch("/api/client-errors", {
    method: "POST",
    headers: { "content-type": "application/json", [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() },
    body,
    keepalive: true,
  }).catch(() => undefined);
  return true;
}
