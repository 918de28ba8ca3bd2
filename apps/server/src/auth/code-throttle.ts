import { desc, eq } from "drizzle-orm";
import { CODE_EXPIRY_SECONDS, CODE_RESEND_INTERVAL_SECONDS } from "@neonlab/shared/constants";
import type { Db } from "../db/client.ts";
import { verifications } from "../modules/identity/accounts/schema.ts";

export type CodeType = "sign-in" | "email-verification";

/** Better Auth's email-OTP plugin keys the live code of an address by this identifier. */
export const otpIdentifier = (type: CodeType, email: string) => `${type}-otp-${email.trim().toLowerCase()}`;

/**
 * Seconds until another code may be mailed to this address, 0 when allowed.
 * The live code's row keeps its original expiry across wrong tries, so its send time is
 * expiry minus the code lifetime; reading it from the database makes the rule hold across
 * server instances and for every path that mails a code (sign-up, unconfirmed sign-in, resend).
 */
export async function codeResendWait(db: Db, type: CodeType, email: string, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, otpIdentifier(type, email)))
    .orderBy(desc(verifications.expiresAt))
    .limit(1);
  if (!row) return 0;
  const sentAt = row.expiresAt.getTime() - CODE_EXPIRY_SECONDS * 1000;
  const wait = sentAt + CODE_RESEND_INTERVAL_SECONDS * 1000 - now;
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

export const resendWaitMessage = (seconds: number) =>
  `A code was sent less than a minute ago. Please wait ${seconds} seconds before asking for a new one.`;
