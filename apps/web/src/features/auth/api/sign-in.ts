import { authRequest, requireToken } from "./auth-request.ts";

/** Password sign-in; an unconfirmed account fails with EMAIL_NOT_VERIFIED (a fresh code is mailed). */
export async function signInWithPassword(input: { email: string; password: string }): Promise<string> {
  return requireToken(await authRequest("sign-in/email", input));
}

/** Mails a one-time sign-in code. */
export async function sendSignInCode(email: string): Promise<void> {
  await authRequest("email-otp/send-verification-otp", { email, type: "sign-in" });
}

export async function signInWithCode(input: { email: string; code: string }): Promise<string> {
  return requireToken(await authRequest("sign-in/email-otp", { email: input.email, otp: input.code }));
}
