import { and, eq, inArray } from "drizzle-orm";
import { type ContactInput, DELETE_ACCOUNT_MESSAGES, type DeleteAccountInput } from "@neonlab/shared/schemas/auth";
import { contactMail } from "../../../adapters/mail/templates.ts";
import type { Db } from "../../../db/client.ts";
import { badRequest, forbidden, rateLimited } from "../../../errors.ts";
import { verifyPassword } from "../../../lib/password.ts";
import type { Limit, RateLimits } from "../../../lib/rate-limits.ts";
import type { RunInTransaction } from "../../../transaction.ts";
import { accounts, users, verifications } from "../accounts/schema.ts";
import { profileRows } from "../profiles/service.ts";
import { clientErrors, contactMessages } from "./schema.ts";

/** Tries at deleting one's account (a wrong password or username included) per user: a password is not guessed here. */
export const DELETE_ACCOUNT_LIMIT: Limit = { max: 5, windowSeconds: 15 * 60 };

type DeletionDeps = { db: Db; transaction: RunInTransaction; limits: RateLimits };

/**
 * DELETE /api/users (docs/product-rules-notes.md, "Deleting the account asks for proof"): the owner proves it is
 * them — with the account's password, or, for an account without one (Google or GitHub only), its username —
 * within DELETE_ACCOUNT_LIMIT tries, then everything goes (deleteAccount). A missing proof is a 400, a wrong
 * one a 403, too many tries a 429; none of them deletes anything.
 */
export async function deleteOwnAccount(deps: DeletionDeps, userId: string, proof: DeleteAccountInput) {
  const wait = await deps.limits.hit(`delete-account:${userId}`, DELETE_ACCOUNT_LIMIT);
  if (wait > 0) throw rateLimited(wait, DELETE_ACCOUNT_MESSAGES.tooManyTries(Math.ceil(wait / 60)));
  // Checked before the transaction: a password check takes a while, and holds no lock meanwhile.
  await checkOwnerProof(deps.db, userId, proof);
  await deleteAccount(deps.transaction, userId);
}

async function checkOwnerProof(db: Db, userId: string, proof: DeleteAccountInput) {
  const [owner] = await db
    .select({ username: profileRows.card.username, passwordHash: accounts.password })
    .from(users)
    .leftJoin(profileRows.table, eq(profileRows.card.userId, users.id))
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(eq(users.id, userId));
  if (!owner) return;
  if (owner.passwordHash) {
    if (!proof.password) throw badRequest(DELETE_ACCOUNT_MESSAGES.passwordRequired);
    const right = await verifyPassword({ hash: owner.passwordHash, password: proof.password });
    if (!right) throw forbidden(DELETE_ACCOUNT_MESSAGES.wrongPassword);
    return;
  }
  const typed = proof.username?.trim().replace(/^@/, "").toLowerCase();
  if (!typed) throw badRequest(DELETE_ACCOUNT_MESSAGES.usernameRequired);
  if (typed !== owner.username) throw forbidden(DELETE_ACCOUNT_MESSAGES.wrongUsername);
}

/**
 * Removes the user, their sessions, accounts and profile (ON DELETE CASCADE), what other modules delete
 * on "account.deleted" (rows no cascade removes: each module's manifest.ts subscribes; app/modules.ts lists
 * them all), and personal data kept beside the account, in one transaction.
 */
export async function deleteAccount(transaction: RunInTransaction, userId: string) {
  await transaction(async ({ db: tx, publish }) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return;
    await publish("account.deleted", { userId, email: user.email });
    await tx.delete(contactMessages).where(eq(contactMessages.userId, userId));
    await tx.delete(clientErrors).where(eq(clientErrors.userId, userId));
    // Pending codes and links are keyed by the address, not the user id.
    const codeKeys = ["sign-in", "email-verification", "forget-password"].map((type) => `${type}-otp-${user.email}`);
    await tx.delete(verifications).where(inArray(verifications.identifier, codeKeys));
    await tx.delete(users).where(eq(users.id, userId));
  });
}

/** Keeps the message and mails it to the operator (a job of the same transaction). */
export async function saveContactMessage(
  transaction: RunInTransaction,
  operatorEmail: string,
  userId: string | null,
  input: ContactInput,
) {
  await transaction(async ({ db, enqueue }) => {
    await db.insert(contactMessages).values({ ...input, userId });
    await enqueue("send-mail", contactMail(operatorEmail, input));
  });
}
