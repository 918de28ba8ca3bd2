import { authRequest, requireToken } from "../../auth/index.ts";

/**
 * The server checks the current password. With `signOutOtherDevices` every session of the account ends,
 * this one included, and the answer carries this device's new token (returned); otherwise null.
 */
export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
  signOutOtherDevices: boolean;
}): Promise<string | null> {
  const { currentPassword, newPassword, signOutOtherDevices } = input;
  const response = await authRequest("change-password", {
    currentPassword,
    newPassword,
    revokeOtherSessions: signOutOtherDevices,
  });
  return signOutOtherDevices ? requireToken(response) : null;
}

/** Mails a confirmation link; following it returns to the account tab. */
export async function changeEmail(newEmail: string): Promise<void> {
  await authRequest("change-email", { newEmail, callbackURL: "/settings?tab=account" });
}
