import { MESSAGES } from "@neonlab/shared/messages";
import { ApiError, apiErrorFrom } from "../../../lib/api-client.ts";
import { readAuthToken } from "../../../lib/auth-token.ts";
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from "../../../lib/idempotency-key.ts";

export type AuthResponse<T> = {
  data: T;
  /** Bearer token from the `set-auth-token` header when the call signed the user in. */
  token: string | null;
};

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * POSTs to a Better Auth endpoint under /api/auth. Unlike `api()` it exposes the
 * `set-auth-token` header and never repeats a request: codes, resends and sign-ins are
 * counted per attempt by the server's limits.
 */
export async function authRequest<T>(path: string, body: unknown): Promise<AuthResponse<T>> {
  const headers: Record<string, string> = {
    accept: "application/json",
    "content-type": "application/json",
    [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey(),
  };
  const bearer = readAuthToken();
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  let response: Response;
  try {
    response = await fetch(`/api/auth/${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  } catch {
    throw new TypeError(MESSAGES.networkError);
  }
  const text = await response.text();
  const parsed = text ? parse(text) : null;
  if (!response.ok) throw apiErrorFrom(response, parsed);
  return { data: parsed as T, token: response.headers.get("set-auth-token") };
}

/** The server's answer when an unconfirmed account signs in (Better Auth's code, or the spec's name for it). */
export function isUnconfirmedEmailError(error: unknown): boolean {
  return error instanceof ApiError && (error.code === "EMAIL_NOT_VERIFIED" || error.code === "email_not_confirmed");
}

/**
 * A sign-in call that succeeded but carried no token is a server fault the user can retry. The answer's schema
 * loads with the first answer: the sign-in pages' first paint needs no zod.
 */
export async function requireToken(response: AuthResponse<unknown>): Promise<string> {
  const { authSessionAnswerSchema } = await import("@neonlab/shared/schemas/auth");
  const answer = authSessionAnswerSchema.safeParse(response.data);
  const token = response.token || (answer.success ? answer.data.token || answer.data.session?.token : null);
  if (!token) throw new Error(MESSAGES.genericError);
  return token;
}
