import type { SignUpInput } from "@neonlab/shared/schemas/auth";
import { authRequest } from "./auth-request.ts";

/**
 * Creates an unconfirmed account; the server mails a 6-digit confirmation code. `referral` (the invite link's
 * code) links the new account to the invite.
 */
export async function signUp(input: SignUpInput, referral?: string | null): Promise<void> {
  await authRequest("sign-up/email", {
    email: input.email,
    password: input.password,
    name: input.displayName,
    ...(referral ? { referral: referral.slice(0, 64) } : {}),
  });
}
