// Better Auth sends the browser to the error callback with ?error=<code> when a provider sign-in fails.
const MESSAGES_BY_CODE: Record<string, string> = {
  access_denied: "Sign-in was cancelled at the provider.",
  account_not_linked: "This email already has a NeonLab account. Sign in with your password or an email code.",
  unable_to_link_account: "This email already has a NeonLab account. Sign in with your password or an email code.",
  email_not_verified: "The provider did not confirm your email address. Sign up with your email instead.",
  email_not_found: "The provider did not share an email address. Sign up with your email instead.",
  state_mismatch: "The sign-in took too long or was started in another browser. Please try again.",
  please_restart_the_process: "The sign-in took too long or was started in another browser. Please try again.",
};

/** A readable line for the `error` query value of a failed Google or GitHub sign-in. */
export function oauthErrorMessage(code: string): string {
  return MESSAGES_BY_CODE[code.toLowerCase()] ?? "Sign-in with the provider failed. Please try again.";
}
