import { describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { createTestApp } from "../test/test-app.ts";
import { createUser, uniqueEmail } from "../test/users.ts";

// Each request is cheap: an empty body is refused before Better Auth runs, but still counts.
const emptySignIn = (app: App, forwardedFor?: string) =>
  app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    payload: {},
  });

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

describe("per-IP limit without a trusted proxy", async () => {
  const app = await createTestApp({ env: { AUTH_RATE_LIMIT: "true" } });

  it("ignores X-Forwarded-For: spoofing it does not reset the limit", async () => {
    for (let i = 0; i < 60; i++) expect((await emptySignIn(app, nextIp())).statusCode).toBe(400);
    const blocked = await emptySignIn(app, nextIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // Every auth route shares the per-IP budget.
    const other = await app.inject({
      method: "POST",
      url: "/api/auth/email-otp/send-verification-otp",
      payload: { email: uniqueEmail(), type: "sign-in" },
    });
    expect(other.statusCode).toBe(429);
  });
});

describe("with TRUST_PROXY", async () => {
  const app = await createTestApp({ env: { AUTH_RATE_LIMIT: "true", TRUST_PROXY: "true" } });

  it("uses X-Forwarded-For as the client address", async () => {
    for (let i = 0; i < 70; i++) expect((await emptySignIn(app, nextIp())).statusCode).toBe(400);
    const ip = nextIp();
    for (let i = 0; i < 60; i++) expect((await emptySignIn(app, ip)).statusCode).toBe(400);
    expect((await emptySignIn(app, ip)).statusCode).toBe(429);
    expect((await emptySignIn(app, nextIp())).statusCode).toBe(400);
  });

  it("limits password guesses per account, whichever address they come from", async () => {
    const user = await createUser(app);
    const guess = (email: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { "x-forwarded-for": nextIp() },
        payload: { email, password: "wrong-password" },
      });
    for (let i = 0; i < 10; i++) expect((await guess(user.email)).statusCode).toBe(401);
    const blocked = await guess(user.email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many attempts/);
    // Even the right password waits; other accounts are not affected.
    const right = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { "x-forwarded-for": nextIp() },
      payload: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(right.statusCode).toBe(429);
    const other = await createUser(app);
    expect((await guess(other.email)).statusCode).toBe(401);
  });

  it("limits code guesses per account", async () => {
    const user = await createUser(app);
    const guess = () =>
      app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email-otp",
        headers: { "x-forwarded-for": nextIp() },
        payload: { email: user.email, otp: "000000" },
      });
    for (let i = 0; i < 10; i++) expect((await guess()).statusCode).toBe(400);
    expect((await guess()).statusCode).toBe(429);
  });

  it("limits authenticated routes per session", async () => {
    const user = await createUser(app);
    const change = () =>
      app.inject({
        method: "POST",
        url: "/api/auth/change-password",
        headers: { ...user.headers, "x-forwarded-for": nextIp() },
        payload: { currentPassword: "not-the-password", newPassword: "another-password-1" },
      });
    for (let i = 0; i < 5; i++) expect((await change()).statusCode).toBe(400);
    expect((await change()).statusCode).toBe(429);
  });

  it("limits password-reset requests per address", async () => {
    const email = uniqueEmail();
    const reset = () =>
      app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        headers: { "x-forwarded-for": nextIp() },
        payload: { email, redirectTo: "http://localhost:3000/reset-password" },
      });
    for (let i = 0; i < 3; i++) expect((await reset()).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(429);
  });

  it("limits reads per IP too, with a larger budget", async () => {
    const ip = nextIp();
    const read = () => app.inject({ url: "/api/auth/get-session", headers: { "x-forwarded-for": ip } });
    for (let i = 0; i < 300; i++) expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(429);
  });
});

describe("with AUTH_RATE_LIMIT=false", async () => {
  const app = await createTestApp();

  it("does not limit", async () => {
    for (let i = 0; i < 70; i++) expect((await emptySignIn(app)).statusCode).toBe(400);
  });
});
