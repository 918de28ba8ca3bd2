import { authRequest } from "./auth-request.ts";

/** Mails a link to /reset-password?token=… (the server answers the same whether the account exists or not). */
export async function requestPasswordReset(email: string): Promise<void> {
  await authRequest("request-password-reset", { email, redirectTo: `${window.location.origin}/reset-password` });
}

export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await authRequest("reset-password", input);
}
