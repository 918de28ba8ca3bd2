import { randomInt } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { readMails } from "../test/mail.ts";
import { type Identity, startOAuthProviders } from "../test/oauth-provider.ts";
import { createTestApp, testConfig } from "../test/test-app.ts";
import { createUser, uniqueEmail } from "../test/users.ts";
import { enabledOAuthProviders } from "./oauth-providers.ts";

const providers = await startOAuthProviders();
afterAll(() => providers.stop());

const identity = (overrides: Partial<Identity> = {}): Identity => ({
  sub: String(randomInt(1_000_000, 9_999_999)),
  email: uniqueEmail("oauth"),
  name: "Grace Hopper",
  emailVerified: true,
  ...overrides,
});

const cookieHeader = (cookies: { name: string; value: string }[]) =>
  cookies.map((c) => `${c.name}=${c.value}`).join("; ");

/** Browser-free run of the redirect flow: app → provider /authorize → app callback → /redirect?…&ott=… */
async function oauthRoundTrip(
  app: App,
  providerId: "google" | "github",
  callbackURL: string,
  more: { timeZone?: string } = {},
) {
  const start = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/oauth2",
    payload: { providerId, callbackURL, ...more },
  });
  expect(start.statusCode, start.body).toBe(200);
  const { url } = start.json() as { url: string };
  expect(url.startsWith(providers.issuerUrl)).toBe(true);

  const authorize = await fetch(url, { redirect: "manual" });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get("location") ?? "");
  expect(callback.pathname).toBe(`/api/auth/callback/${providerId}`);

  const landing = await app.inject({
    method: "GET",
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookieHeader(start.cookies) },
  });
  expect(landing.statusCode, landing.body).toBe(302);
  return new URL(landing.headers.location as string, "http://localhost:3000");
}

async function exchange(app: App, ott: string | null) {
  return app.inject({ method: "POST", url: "/api/auth/one-time-token/verify", payload: { token: ott } });
}

describe("OAuth sign-in against a real OAuth/OIDC server on 127.0.0.1", async () => {
  const app = await createTestApp({ env: providers.env });

  it("Google: authorize → callback → /redirect keeps priceId and referral → token → profile", async () => {
    const google = identity({ name: "Grace Hopper" });
    providers.signInAs(google);
    const landing = await oauthRoundTrip(app, "google", "/redirect?priceId=price_pro_monthly&referral=ref-42");
    expect(landing.pathname).toBe("/redirect");
    expect(landing.searchParams.get("priceId")).toBe("price_pro_monthly");
    expect(landing.searchParams.get("referral")).toBe("ref-42");
    const ott = landing.searchParams.get("ott");
    expect(ott).toBeTruthy();

    const verified = await exchange(app, ott);
    expect(verified.statusCode, verified.body).toBe(200);
    const token = verified.headers["set-auth-token"] as string;
    expect(token).toBeTruthy();
    const me = await app.inject({ url: "/api/profile", headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: google.email, display_name: "Grace Hopper", role: "user" });
    expect(me.json().username).toMatch(/^grace-hopper/);

    // The one-time token is spent.
    expect((await exchange(app, ott)).statusCode).toBe(400);
  });

  it("Google: a returning user gets the same account", async () => {
    const google = identity();
    providers.signInAs(google);
    const first = await exchange(app, (await oauthRoundTrip(app, "google", "/redirect")).searchParams.get("ott"));
    const second = await exchange(app, (await oauthRoundTrip(app, "google", "/redirect")).searchParams.get("ott"));
    expect(first.json().user.id).toBe(second.json().user.id);
  });

  it("GitHub: authorize → callback → /redirect → token → profile with the primary verified e-mail", async () => {
    const github = identity({ name: "Linus Hacker" });
    providers.signInAs(github);
    const landing = await oauthRoundTrip(app, "github", "/redirect?priceId=price_pro_yearly&referral=friend-7");
    expect(landing.pathname).toBe("/redirect");
    expect(landing.searchParams.get("priceId")).toBe("price_pro_yearly");
    expect(landing.searchParams.get("referral")).toBe("friend-7");
    const verified = await exchange(app, landing.searchParams.get("ott"));
    expect(verified.statusCode, verified.body).toBe(200);
    const token = verified.headers["set-auth-token"] as string;
    const me = await app.inject({ url: "/api/profile", headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ email: github.email, display_name: "Linus Hacker" });
  });

  it("a new account gets the browser's time zone sent at the start; a returning one keeps its own", async () => {
    const zoneAfter = async (providerId: "google" | "github", timeZone: string) => {
      const landing = await oauthRoundTrip(app, providerId, "/redirect", { timeZone });
      const token = (await exchange(app, landing.searchParams.get("ott"))).headers["set-auth-token"] as string;
      const me = await app.inject({ url: "/api/profile", headers: { authorization: `Bearer ${token}` } });
      return me.json().time_zone;
    };
    const google = identity();
    providers.signInAs(google);
    expect(await zoneAfter("google", "America/Los_Angeles")).toBe("America/Los_Angeles");
    // Signing in again from elsewhere changes nothing: the zone is a setting (Settings offers the switch).
    expect(await zoneAfter("google", "Asia/Tokyo")).toBe("America/Los_Angeles");
    providers.signInAs(identity());
    expect(await zoneAfter("github", "europe/paris")).toBe("Europe/Paris");
    // A zone the server does not know is ignored, never an error.
    providers.signInAs(identity());
    expect(await zoneAfter("github", "Mars/Olympus_Mons")).toBe("UTC");
    const bad = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/oauth2",
      payload: { providerId: "github", callbackURL: "/redirect", timeZone: 7 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^timeZone: /);
  });

  it("GitHub: an unverified e-mail does not sign in and does not take over an existing account", async () => {
    const victim = await createUser(app);
    providers.signInAs(identity({ email: victim.email, emailVerified: false }));
    const landing = await oauthRoundTrip(app, "github", "/redirect");
    expect(landing.pathname).toBe("/login");
    expect(landing.searchParams.get("error")).toBeTruthy();
    expect(landing.searchParams.get("ott")).toBeNull();
    const me = await app.inject({ url: "/api/profile", headers: victim.headers });
    expect(me.json().email).toBe(victim.email);
  });

  it("GitHub: an unverified primary e-mail falls back to a verified secondary one", async () => {
    const victim = await createUser(app);
    const secondary = uniqueEmail("secondary");
    providers.signInAs(
      identity({ email: victim.email, emailVerified: false, otherEmails: [{ email: secondary, verified: true }] }),
    );
    const verified = await exchange(app, (await oauthRoundTrip(app, "github", "/redirect")).searchParams.get("ott"));
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email: secondary });
    expect(verified.json().user.id).not.toBe(victim.id);
  });

  it("links a provider with a verified e-mail to the existing confirmed account", async () => {
    const user = await createUser(app);
    providers.signInAs(identity({ email: user.email }));
    const verified = await exchange(app, (await oauthRoundTrip(app, "google", "/redirect")).searchParams.get("ott"));
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.id).toBe(user.id);
  });

  it("sends the browser back to /login with an error when the user denies access at the provider", async () => {
    providers.signInAs(identity());
    const start = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/oauth2",
      payload: { providerId: "google", callbackURL: "/redirect" },
    });
    const { url } = start.json() as { url: string };
    const state = new URL(url).searchParams.get("state");
    const landing = await app.inject({
      url: `/api/auth/callback/google?error=access_denied&state=${state}`,
      headers: { cookie: cookieHeader(start.cookies) },
    });
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location as string, "http://localhost:3000");
    expect(target.pathname).toBe("/login");
    expect(target.searchParams.get("error")).toBe("access_denied");
  });

  it("refuses a callback whose state was not issued to this browser", async () => {
    providers.signInAs(identity());
    const start = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/oauth2",
      payload: { providerId: "google", callbackURL: "/redirect" },
    });
    const authorize = await fetch((start.json() as { url: string }).url, { redirect: "manual" });
    const callback = new URL(authorize.headers.get("location") ?? "");
    const landing = await app.inject({ url: `${callback.pathname}${callback.search}` });
    expect(landing.statusCode).toBe(302);
    expect(String(landing.headers.location)).not.toContain("ott=");
  });

  it("refuses a callback URL on another origin", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/oauth2",
      payload: { providerId: "google", callbackURL: "https://evil.example/redirect" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/callback/i);
  });

  it("answers 404 for an unknown provider and 400 for a bad body", async () => {
    const unknown = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/oauth2",
      payload: { providerId: "myspace", callbackURL: "/redirect" },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await app.inject({ method: "POST", url: "/api/auth/sign-in/oauth2", payload: { providerId: 7 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^providerId: /);
  });

  it("one-time tokens can not be minted by a client", async () => {
    const user = await createUser(app);
    const res = await app.inject({ url: "/api/auth/one-time-token/generate", headers: user.headers });
    expect(res.statusCode).toBe(400);
  });
});

describe("Google ID-token sign-in", async () => {
  const app = await createTestApp({ env: providers.env });
  const signInWithIdToken = (token: string) =>
    app.inject({
      method: "POST",
      url: "/api/auth/sign-in/social",
      payload: { provider: "google", idToken: { token } },
    });

  it("signs in (and up) with an ID token signed by the issuer's key", async () => {
    const google = identity({ name: "Ada Byron" });
    const res = await signInWithIdToken(await providers.idToken(google));
    expect(res.statusCode, res.body).toBe(200);
    const token = res.headers["set-auth-token"] as string;
    expect(token).toBeTruthy();
    const me = await app.inject({ url: "/api/profile", headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ email: google.email, display_name: "Ada Byron" });
  });

  it("a new account gets the time zone sent with the ID token", async () => {
    const google = identity();
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/social",
      payload: { provider: "google", idToken: { token: await providers.idToken(google) }, timeZone: "Asia/Kolkata" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.headers["set-auth-token"] as string;
    const me = await app.inject({ url: "/api/profile", headers: { authorization: `Bearer ${token}` } });
    expect(me.json().time_zone).toBe(
      new Intl.DateTimeFormat("en", { timeZone: "Asia/Kolkata" }).resolvedOptions().timeZone,
    );
  });

  it("refuses a token for another client, from another issuer, expired, or not signed by the issuer", async () => {
    const google = identity();
    expect((await signInWithIdToken(await providers.idToken(google, { aud: "someone-else" }))).statusCode).toBe(401);
    expect(
      (await signInWithIdToken(await providers.idToken(google, { iss: "https://accounts.example" }))).statusCode,
    ).toBe(401);
    const past = Math.floor(Date.now() / 1000) - 7200;
    expect((await signInWithIdToken(await providers.idToken(google, { iat: past, exp: past + 60 }))).statusCode).toBe(
      401,
    );
    const [header, payload] = (await providers.idToken(google)).split(".");
    const forged = `${header}.${payload}.${Buffer.from("not a signature").toString("base64url")}`;
    expect((await signInWithIdToken(forged)).statusCode).toBe(401);
    expect(await readMails(app, google.email)).toHaveLength(0);
  });
});

describe("OAuth configuration", () => {
  it("enables a provider only when its client id and secret are set", () => {
    expect(enabledOAuthProviders(testConfig())).toEqual([]);
    expect(enabledOAuthProviders(testConfig({ GITHUB_CLIENT_ID: "id" }))).toEqual([]);
    expect(enabledOAuthProviders(testConfig(providers.env))).toEqual(["google", "github"]);
  });

  // One app per case, each with its own time limit: starting an app on the embedded database is the slow part.
  it.each([
    // An id without its secret enables nothing (see above).
    { given: "a Google id alone", env: { GOOGLE_CLIENT_ID: "only-an-id" }, named: [] },
    {
      given: "a GitHub id and secret",
      env: { GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "secret" },
      named: ["github"],
    },
    { given: "ids and secrets for both", env: providers.env, named: ["google", "github"] },
  ])(
    "GET /api/config names the providers this server has credentials for, and only those: $given",
    async ({ env, named }) => {
      const app = await createTestApp({ env });
      const res = await app.inject({ method: "GET", url: "/api/config" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ oauthProviders: named });
    },
  );

  it("answers 404 for a provider that is not configured", async () => {
    const app = await createTestApp({ env: { GOOGLE_CLIENT_ID: "only-an-id" } });
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/oauth2",
      payload: { providerId: "google", callbackURL: "/redirect" },
    });
    expect(res.statusCode).toBe(404);
  });
});
