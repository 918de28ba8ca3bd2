import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createLocalJWKSet, jwtVerify } from "jose";
import { OAuth2Server } from "oauth2-mock-server";

export type Identity = {
  sub: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** More addresses the GitHub API lists beside the primary one. */
  otherEmails?: { email: string; verified: boolean }[];
};

/** What a test can sign into: the currently "logged in" identity at the provider. */
export type OAuthProviders = {
  issuerUrl: string;
  githubApiUrl: string;
  env: Record<string, string>;
  signInAs(identity: Identity): void;
  /** An ID token for the Google client as Google Identity Services would hand it to the browser. */
  idToken(identity: Identity, overrides?: Record<string, unknown>): Promise<string>;
  stop(): Promise<void>;
};

export const GOOGLE_CLIENT_ID = "neonlab-google-client";
export const GITHUB_CLIENT_ID = "neonlab-github-client";

/**
 * A real OAuth 2 / OpenID Connect server (oauth2-mock-server) on 127.0.0.1, plus a small
 * GitHub-shaped REST API (/user, /user/emails) that only answers to access tokens that server signed.
 */
export async function startOAuthProviders(): Promise<OAuthProviders> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const issuerUrl = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = issuerUrl;

  let current: Identity | undefined;
  // Every token the server signs (access and ID tokens) describes the identity signed in at the provider.
  server.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
    if (!current) return;
    token.payload.sub = current.sub;
    token.payload.email = current.email;
    token.payload.email_verified = current.emailVerified;
    token.payload.name = current.name;
    token.payload.other_emails = current.otherEmails ?? [];
  });

  const keys = createLocalJWKSet({ keys: server.issuer.keys.toJSON() as never });
  const github = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const token = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
    const claims = await jwtVerify(token, keys, { issuer: issuerUrl }).then(
      (r) => r.payload,
      () => null,
    );
    if (!claims) return send(401, { message: "Bad credentials" });
    const login = String(claims.name).toLowerCase().replace(/\W+/g, "-");
    const others = (claims.other_emails ?? []) as { email: string; verified: boolean }[];
    if (req.url === "/user") {
      return send(200, { id: Number(claims.sub), login, name: claims.name, email: null, avatar_url: null });
    }
    if (req.url === "/user/emails") {
      return send(200, [
        ...others.map((e) => ({ ...e, primary: false })),
        { email: claims.email, primary: true, verified: claims.email_verified === true },
      ]);
    }
    return send(404, { message: "Not Found" });
  });
  await new Promise<void>((resolve) => github.listen(0, "127.0.0.1", resolve));
  const githubApiUrl = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;

  return {
    issuerUrl,
    githubApiUrl,
    env: {
      GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: "google-secret",
      GOOGLE_ISSUER: issuerUrl,
      GITHUB_CLIENT_ID,
      GITHUB_CLIENT_SECRET: "github-secret",
      GITHUB_AUTHORIZE_URL: `${issuerUrl}/authorize`,
      GITHUB_TOKEN_URL: `${issuerUrl}/token`,
      GITHUB_API_URL: githubApiUrl,
    },
    signInAs(identity) {
      current = identity;
    },
    async idToken(identity, overrides = {}) {
      return server.issuer.buildToken({
        scopesOrTransform: (_header: unknown, payload: Record<string, unknown>) => {
          Object.assign(payload, {
            sub: identity.sub,
            aud: GOOGLE_CLIENT_ID,
            email: identity.email,
            email_verified: identity.emailVerified,
            name: identity.name,
            ...overrides,
          });
        },
      });
    },
    async stop() {
      await server.stop();
      await new Promise<void>((resolve) => (github as Server).close(() => resolve()));
    },
  };
}
