/** Every user-facing message string the product spec (§8) fixes. */
export const MESSAGES = {
  genericError: "There was an error",
  networkError: "Network Error",
  duplicateEmail: "There is already an account with this email.",
  accountConfirmed: "Account confirmed successfully!",
  profileUpdated: "Profile updated successfully",
  editorPreferencesUpdated: "Editor preferences updated successfully",
  emailUpdated:
    "Email updated successfully. Please verify your email and check spam folder in case you did not received the email.",
  passwordUpdated: "Password updated successfully",
  accountDeleted: "Account deleted successfully",
  accountDeleteFailed: "There was an error while deleting your account.",
  emailSent: "Email sent successfully. Don't forget to check spam folder in case you did not received the email.",
  linkCopied: "Link copied to clipboard",
  subscriptionCancelled: "Subscription cancelled successfully",
  subscriptionReactivated: "Subscription reactivated successfully",
  connectionSent: "Connection request sent",
  connectionCanceled: "Connection request canceled",
  connectionAccepted: "Connection request accepted",
  connectionDeclined: "Connection request declined",
  connectionRemoved: "Connection removed",
  avatarUpdateFailed: "Error while updating avatar",
  manageStreakFailed: "Failed to manage streak",
  addConnectionFailed: "Failed to add connection",
  cancelConnectionFailed: "Failed to cancel connection request",
  acceptConnectionFailed: "Failed to accept connection request",
  declineConnectionFailed: "Failed to decline connection request",
  removeConnectionFailed: "Failed to remove connection",
  createSubscriptionSessionFailed: "Failed to get create subscription session URL",
  manageSubscriptionSessionFailed: "Failed to get manage subscription session URL",
  updateCustomerSessionFailed: "Failed to get update customer session URL",
  currencySessionFailed: "Failed to get currency session URL",
  cancelSubscriptionFailed: "Failed to cancel subscription",
  mountError: "Error while mounting app:",
} as const;

/** Toast shown when opening a named modal fails, e.g. modalFailed("streak"). */
export const modalFailed = (
  name:
    | "editor configuration"
    | "course complete"
    | "chapter complete"
    | "streak"
    | "lesson complete"
    | "project complete"
    | "share hack"
    // Beyond the spec's list, in its pattern: the blog's share dialog.
    | "share blog",
) => `Failed to display ${name} modal`;

/** 404 message for an unknown route. */
export const pageNotFound = (path: string) => `Page Not Found: ${path}`;
