import { oauthStartAnswerSchema } from "@neonlab/shared/schemas/auth";
import { authRequest, requireToken } from "./auth-request.ts";

export type OAuthProvider = "google" | "github";

/** Query values that survive the provider round trip (spec: /redirect may carry priceId and referral). */
export type OAuthCarry = { priceId?: string | null; referral?: string | null };

export function redirectPath(carry: OAuthCarry): string {
  const query = new URLSearchParams();
  if (carry.priceId) query.set("priceId", carry.priceId);
  if (carry.referral) query.set("referral", carry.referral);
  const search = query.toString();
  return search ? `/redirect?${search}` : "/redirect";
}

/** Asks the server for the provider's authorization URL; the browser then leaves the app. */
export async function oauthAuthorizationUrl(provider: OAuthProvider, carry: OAuthCarry): Promise<string> {
  // Failures come back to /login?error=… (the server's default error callback).
  const { data } = await authRequest("sign-in/oauth2", {
    providerId: provider,
    callbackURL: redirectPath(carry),
    disableRedirect: true,
  });
  const answer = oauthStartAnswerSchema.safeParse(data);
  if (!answer.success) throw new Error("The sign-in provider did not answer. Please try again.");
  return answer.data.url;
}

/** Exchanges the one-time token the server put on /redirect for a bearer token. */
export async function exchangeOneTimeToken(token: string): Promise<string> {
  return requireToken(await authRequest("one-time-token/verify", { token }));
}
