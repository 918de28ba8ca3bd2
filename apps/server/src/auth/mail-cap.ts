import { rateLimited } from "../errors.ts";
import type { Limit, RateLimits } from "../lib/rate-limits.ts";

/** Mails that anyone can ask for on an address: each kind at most 5 an hour to one address (decision 011). */
export const MAILS_PER_ADDRESS: Limit = { max: 5, windowSeconds: 3600 };

export type MailKind = "reset" | "code" | "change-email" | "invite";

export const mailCapMessage = (seconds: number) =>
  `Too many emails were sent to this address in the last hour. Please wait ${Math.ceil(seconds / 60)} minutes and try again.`;

/** Seconds to wait before another mail of `kind` may go to `address` (0: send it; this one is counted). */
export const mailWait = (limits: RateLimits, kind: MailKind, address: string) =>
  limits.hit(`mail:${kind}:${address.trim().toLowerCase()}`, MAILS_PER_ADDRESS);

/** Counts one mail of `kind` to `address`, or throws the 429 when the address had its share this hour. */
export async function chargeMail(limits: RateLimits, kind: MailKind, address: string) {
  const wait = await mailWait(limits, kind, address);
  if (wait > 0) throw rateLimited(wait, mailCapMessage(wait));
}
