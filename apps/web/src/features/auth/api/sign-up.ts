import type { SignUpInput } from "@neonlab/shared/schemas/auth";
import { REFERRAL_CODE_MAX_LENGTH } from "@neonlab/shared/constants";
import { browserTimeZone } from "../../../lib/time-zone.ts";
import { authRequest } from "./auth-request.ts";

/**
 * Creates an unconfirmed account; the server mails a 6-digit confirmation code. `referral` (the invite link's
 * code) links the new account to the invite. The browser's time zone becomes the account's (the server ignores
 * one it does not know).
 */
export async function signUp(input: SignUpInput, referral?: string | null): Promise<void> {
  const timeZone = browserTimeZone();
  await authRequest("sign-up/email", {
    email: input.email,
    password: input.password,
    name: input.displayName,
    ...(referral ? { referral: referral.slice(0, REFERRAL_CODE_MAX_LENGTH) } : {}),
    ...(timeZone ? { timeZone: timeZone.slice(0, 100) } : {}),
  });
}
