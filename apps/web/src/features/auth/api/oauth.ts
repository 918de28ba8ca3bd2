import type { OAuthProviderId, PublicConfig } from "@neonlab/shared/schemas/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQuery } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { browserTimeZone } from "../../../lib/time-zone.ts";
import { authRequest, requireToken } from "./auth-request.ts";

export type OAuthProvider = OAuthProviderId;

/** GET /api/config: the providers this server has credentials for (it changes only with a restart). */
export const publicConfigQuery = () =>
  queryOptions({ queryKey: queryKeys.publicConfig(), ...getQuery<PublicConfig>("config"), staleTime: Infinity });

/** The OAuth providers to offer: none until the server has said which it has (and none if it can not say). */
export function useOAuthProviders(): readonly OAuthProvider[] {
  return useQuery(publicConfigQuery()).data?.oauthProviders ?? [];
}

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
  // Failures come back to /login?error=… (the server's default error callback). The browser's time zone
  // becomes a new account's zone (the server keeps it in the flow's state until the account is made).
  const timeZone = browserTimeZone();
  const { data } = await authRequest("sign-in/oauth2", {
    providerId: provider,
    callbackURL: redirectPath(carry),
    disableRedirect: true,
    ...(timeZone ? { timeZone: timeZone.slice(0, 100) } : {}),
  });
  const { oauthStartAnswerSchema } = await import("@neonlab/shared/schemas/auth");
  const answer = oauthStartAnswerSchema.safeParse(data);
  if (!answer.success) throw new Error("The sign-in provider did not answer. Please try again.");
  return answer.data.url;
}

/** Exchanges the one-time token the server put on /redirect for a bearer token. */
export async function exchangeOneTimeToken(token: string): Promise<string> {
  return requireToken(await authRequest("one-time-token/verify", { token }));
}
