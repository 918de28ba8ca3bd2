import { eq, inArray } from "drizzle-orm";
import type { ContactInput } from "@neonlab/shared/schemas/auth";
import { contactMail } from "../../../adapters/mail/templates.ts";
import type { RunInTransaction } from "../../../transaction.ts";
import { users, verifications } from "../accounts/schema.ts";
import { clientErrors, contactMessages } from "./schema.ts";

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
