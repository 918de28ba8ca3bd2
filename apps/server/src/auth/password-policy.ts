import { eq } from "drizzle-orm";
import type { PasswordOwner } from "@neonlab/shared/password-policy";
import type { Db } from "../db/client.ts";
import { verifications } from "../modules/identity/accounts/schema.ts";
import { accountNames } from "../modules/identity/service.ts";
import type { SessionResolver } from "./session-resolver.ts";

type Fields = Record<string, unknown>;
export type NewPasswordRequest = { path: string; body: Fields; bearer?: string };
export type OwnerLookup = { db?: Db; sessions?: SessionResolver };

async function ownerOfUser(db: Db, userId: string): Promise<PasswordOwner> {
  return (await accountNames(db, userId)) ?? {};
}

/**
 * Whose new password it is: the sign-up's own fields, the user of the reset token (Better Auth keeps it as
 * `reset-password:<token>` → user id), or the signed-in user. Unknown (a bad token, no session): no
 * personal words; Better Auth refuses such a request anyway.
 */
async function passwordOwner(lookup: OwnerLookup, request: NewPasswordRequest): Promise<PasswordOwner> {
  const { body } = request;
  const { db, sessions } = lookup;
  if (request.path === "/sign-up/email") return { email: String(body.email), name: String(body.name) };
  if (!db) return {};
  if (request.path === "/reset-password") {
    const [row] = await db
      .select({ userId: verifications.value })
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${String(body.token)}`));
    return row ? ownerOfUser(db, row.userId) : {};
  }
  const user = request.bearer && sessions ? await sessions.resolve(request.bearer) : null;
  return user ? ownerOfUser(db, user.id) : {};
}

/** The rule the new password of a sign-up, reset or change breaks (password-strength.ts), or null. */
export async function newPasswordProblem(lookup: OwnerLookup, request: NewPasswordRequest): Promise<string | null> {
  const password = String(request.body.password ?? request.body.newPassword ?? "");
  // zxcvbn and its dictionaries (~9 MB of heap) load with the first new password, not with the server.
  const { checkPassword } = await import("@neonlab/shared/password-strength");
  const { problem } = checkPassword(password, await passwordOwner(lookup, request));
  return problem;
}
