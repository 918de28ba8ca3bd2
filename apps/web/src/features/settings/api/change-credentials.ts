import { authRequest } from "../../auth/api/auth-request.ts";

/** Other sessions stay signed in; the server checks the current password. */
export async function changePassword(input: { currentPassword: string; newPassword: string }): Promise<void> {
  await authRequest("change-password", { ...input, revokeOtherSessions: false });
}

/** Mails a confirmation link; following it returns to the account tab. */
export async function changeEmail(newEmail: string): Promise<void> {
  await authRequest("change-email", { newEmail, callbackURL: "/settings?tab=account" });
}
