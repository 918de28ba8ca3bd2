/**
 * The header that makes a write safe to send again: the server answers a repeat of the same key with the
 * first answer instead of doing the work twice. One key per logical request, kept for its retries.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** A random (version 4) UUID; `crypto.randomUUID` exists only in secure contexts (HTTPS or localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
