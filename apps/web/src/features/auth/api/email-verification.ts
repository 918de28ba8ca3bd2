import { authRequest, requireToken } from "./auth-request.ts";

/** Confirms the account with the mailed code and returns the new session's bearer token. */
export async function verifyEmail(input: { email: string; code: string }): Promise<string> {
  return requireToken(await authRequest("email-otp/verify-email", { email: input.email, otp: input.code }));
}

/** Mails a new confirmation code (the server allows one a minute). */
export async function resendConfirmationCode(email: string): Promise<void> {
  await authRequest("email-otp/send-verification-otp", { email, type: "email-verification" });
}
