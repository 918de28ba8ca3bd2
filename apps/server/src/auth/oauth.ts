import type { BetterAuthPlugin } from "better-auth";
import { type GenericOAuthConfig, type GenericOAuthUserInfo, genericOAuth } from "better-auth/plugins/generic-oauth";
import type { Config } from "../config.ts";
import { enabledOAuthProviders } from "./oauth-providers.ts";

/** Query parameter of the /redirect URL carrying the one-time token the SPA exchanges for a bearer token. */
export const HANDOFF_PARAM = "ott";

type GitHubEmail = { email: string; primary: boolean; verified: boolean };
type GitHubUser = { id: number; login: string; name: string | null; email: string | null; avatar_url?: string };

/** Google (OpenID Connect discovery on GOOGLE_ISSUER) and GitHub (plain OAuth 2) through Better Auth's generic OAuth. */
export function oauthPlugins(config: Config): BetterAuthPlugin[] {
  const providers = enabledOAuthProviders(config).map((id) =>
    id === "google" ? googleProvider(config) : githubProvider(config),
  );
  return providers.length > 0 ? [genericOAuth({ config: providers })] : [];
}

function googleProvider(config: Config): GenericOAuthConfig {
  return {
    providerId: "google",
    name: "Google",
    discoveryUrl: `${config.GOOGLE_ISSUER.replace(/\/+$/, "")}/.well-known/openid-configuration`,
    // ID tokens (redirect flow and POST /sign-in/social with idToken) are checked against the issuer's JWKS.
    requireIdTokenVerification: true,
    clientId: config.GOOGLE_CLIENT_ID ?? "",
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    scopes: ["openid", "email", "profile"],
    prompt: "select_account",
    // Unconfirmed accounts can not sign in (product rules); an unverified provider e-mail gets a code instead.
    requireEmailVerification: true,
  };
}

function githubProvider(config: Config): GenericOAuthConfig {
  const api = config.GITHUB_API_URL.replace(/\/+$/, "");
  return {
    providerId: "github",
    name: "GitHub",
    authorizationUrl: config.GITHUB_AUTHORIZE_URL,
    tokenUrl: config.GITHUB_TOKEN_URL,
    clientId: config.GITHUB_CLIENT_ID ?? "",
    clientSecret: config.GITHUB_CLIENT_SECRET,
    scopes: ["read:user", "user:email"],
    requireEmailVerification: true,
    async getUserInfo(tokens) {
      if (!tokens.accessToken) return null;
      const headers = {
        authorization: `Bearer ${tokens.accessToken}`,
        accept: "application/vnd.github+json",
        "user-agent": "NeonLab",
      };
      const profileResponse = await fetch(`${api}/user`, { headers });
      if (!profileResponse.ok) return null;
      const profile = (await profileResponse.json()) as GitHubUser;
      const emailsResponse = await fetch(`${api}/user/emails`, { headers });
      const emails = emailsResponse.ok ? ((await emailsResponse.json()) as GitHubEmail[]) : [];
      // The public profile e-mail may be unverified; prefer the primary verified address.
      const chosen = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
      const email = chosen?.email ?? profile.email ?? undefined;
      const info: GenericOAuthUserInfo = {
        id: String(profile.id),
        email,
        emailVerified: Boolean(chosen) || emails.some((e) => e.email === email && e.verified),
        name: profile.name || profile.login,
        image: profile.avatar_url,
      };
      return info;
    },
  };
}

/**
 * After a successful provider callback, Better Auth redirects the browser to the client's
 * callbackURL (e.g. /redirect?priceId=…). A redirect can not hand the SPA a header, so the
 * location gets a short-lived one-time token that the SPA exchanges for its bearer token
 * (see docs/decisions/001-oauth-token-handoff.md).
 */
export function withHandoffToken(location: string, publicUrl: string, token: string): string {
  const relative = location.startsWith("/") && !location.startsWith("//");
  const url = new URL(location, publicUrl);
  url.searchParams.set(HANDOFF_PARAM, token);
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
