import { OAUTH_PROVIDERS, type OAuthProviderId } from "@neonlab/shared/schemas/auth";
import type { Config } from "../config.ts";

// Apart from oauth.ts so GET /api/config can answer without loading Better Auth (auth/lazy-auth.ts).

/** The providers with both a client id and a secret: the only ones enabled, and the sign-in pages offer. */
export function enabledOAuthProviders(config: Config): OAuthProviderId[] {
  return OAUTH_PROVIDERS.filter((id) =>
    id === "google"
      ? Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
      : Boolean(config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET),
  );
}
