import { eq, inArray } from "drizzle-orm";
import type { ContactInput } from "@neonlab/shared/schemas/auth";
import type { Mailer } from "../../adapters/mail/mailer.ts";
import { contactMail } from "../../adapters/mail/templates.ts";
import type { Db } from "../../db/client.ts";
import { users, verifications } from "../accounts/schema.ts";
import { clientErrors, contactMessages } from "./schema.ts";

type AccountCleanup = (tx: Db, userId: string) => Promise<void>;
const cleanups: AccountCleanup[] = [];

/** Modules whose rows are not removed by ON DELETE CASCADE register their cleanup here. */
export function onAccountDeleted(cleanup: AccountCleanup) {
  cleanups.push(cleanup);
}

/**
 * Removes the user, their sessions, accounts and profile (ON DELETE CASCADE), what other modules
 * registered with onAccountDeleted, and personal data kept beside the account, in one transaction.
 */
export async function deleteAccount(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return;
    for (const cleanup of cleanups) await cleanup(tx as unknown as Db, userId);
    await tx.delete(contactMessages).where(eq(contactMessages.userId, userId));
    await tx.delete(clientErrors).where(eq(clientErrors.userId, userId));
    // Pending codes and links are keyed by the address, not the user id.
    const codeKeys = ["sign-in", "email-verification", "forget-password"].map((type) => `${type}-otp-${user.email}`);
    await tx.delete(verifications).where(inArray(verifications.identifier, codeKeys));
    await tx.delete(users).where(eq(users.id, userId));
  });
}

export async function saveContactMessage(
  db: Db,
  mailer: Mailer,
  operatorEmail: string,
  userId: string | null,
  input: ContactInput,
) {
  await db.insert(contactMessages).values({ ...input, userId });
  await mailer.send(contactMail(operatorEmail, input));
}
