import { apiPath, responseMessage } from "../api-client.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../idempotency-key.ts";
import type { QueuedAction, SendOutcome } from "./queue.ts";

/** Statuses that say "not now" rather than "no": sent again later. */
const LATER = new Set([401, 408, 425, 429]);

/**
 * Sends one queued action with its own Idempotency-Key and `token`, and reads the server's verdict. Used by the
 * page and by the service worker (src/sw.ts), which has no cookies to read the token from.
 */
export async function sendQueued(action: QueuedAction, token: string | null): Promise<SendOutcome> {
  if (!token) return { kind: "later" };
  let response: Response;
  try {
    response = await fetch(apiPath(action.path), {
      method: "POST",
      headers: {
        accept: "application/json",
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        [IDEMPOTENCY_KEY_HEADER]: action.id,
      },
      body: JSON.stringify(action.body ?? {}),
    });
  } catch {
    return { kind: "later" };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { kind: "done", result: body };
  // 409 with Retry-After: the same key is still running (an earlier send); anything 5xx: the server's trouble.
  if (LATER.has(response.status) || response.status >= 500 || response.headers.has("retry-after")) {
    return { kind: "later" };
  }
  return { kind: "refused", reason: responseMessage(body) };
}
