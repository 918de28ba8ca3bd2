import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { ProjectFile } from "@neonlab/shared/schemas/projects";

// A check attempt's token (docs/decisions/029): the server signs which user, project, step and files the
// preview's report is about, with a fresh nonce and an expiry. A report is taken only with a valid token
// for the files saved now; it proves the report belongs to this attempt, not that the preview ran it.

/** How long a started attempt may be reported (the preview runs the checks in a few seconds). */
export const ATTEMPT_TTL_MS = 10 * 60 * 1000;

export type AttemptClaims = { userId: string; projectId: number; step: string; filesHash: string };

/** sha-256 of the files as saved (names and contents, in order). */
export function hashFiles(files: ProjectFile[]): string {
  const hash = createHash("sha256");
  for (const file of files) hash.update(file.name).update("\0").update(file.content).update("\0");
  return hash.digest("hex");
}

const keyOf = (secret: string) => createHmac("sha256", secret).update("neonlab project check attempts").digest();

const mac = (secret: string, payload: string) =>
  createHmac("sha256", keyOf(secret)).update(payload).digest("base64url");

const payloadOf = (claims: AttemptClaims, nonce: string, expires: number) =>
  [claims.userId, claims.projectId, claims.step, claims.filesHash, nonce, expires].join("|");

export function signAttempt(secret: string, claims: AttemptClaims, now = Date.now()) {
  const nonce = randomBytes(12).toString("base64url");
  const expires = now + ATTEMPT_TTL_MS;
  const token = `${nonce}.${expires}.${mac(secret, payloadOf(claims, nonce, expires))}`;
  return { token, expires_at: new Date(expires).toISOString() };
}

/** "ok", or why the token does not fit these claims. */
export function verifyAttempt(
  secret: string,
  token: string,
  claims: AttemptClaims,
  now = Date.now(),
): "ok" | "invalid" | "expired" {
  const [nonce, expiresText, signature, extra] = token.split(".");
  if (!nonce || !expiresText || !signature || extra !== undefined || !/^\d{1,15}$/.test(expiresText)) return "invalid";
  const expected = Buffer.from(mac(secret, payloadOf(claims, nonce, Number(expiresText))));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return Number(expiresText) < now ? "expired" : "ok";
}
