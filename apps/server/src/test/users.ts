import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { App } from "../app.ts";

export const uniqueEmail = (prefix = "user") => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

/** Latest code mailed to an address through the dev outbox. */
export async function latestCode(app: App, email: string): Promise<string> {
  const res = await app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  const mails = res.json() as { text: string }[];
  const code = mails[0]?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Outbox mail may be sent just after the response; poll briefly. */
export async function waitForCode(app: App, email: string, previous?: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = await latestCode(app, email).catch(() => undefined);
    if (code && code !== previous) return code;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no new code mailed to ${email}`);
}

/** Starts a sign-up (the confirmation code is mailed); the response is returned unchecked. */
export const signUp = (app: App, email: string, name = "Test Hacker") =>
  app.inject({ method: "POST", url: "/api/auth/sign-up/email", payload: { email, password: "password-1234", name } });

export type TestUser = {
  id: string;
  email: string;
  password: string;
  token: string;
  headers: { authorization: string };
};

/** Signs up, confirms with the mailed code and returns a bearer token. */
export async function createUser(app: App, options: { email?: string; displayName?: string } = {}): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = "correct-horse-battery";
  // The address may have had mail before (a deleted account signing up again): wait for a new code.
  const previous = await latestCode(app, email).catch(() => undefined);
  const signUp = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: { email, password, name: options.displayName ?? "Test Hacker" },
  });
  expect(signUp.statusCode, signUp.body).toBe(200);
  const code = await waitForCode(app, email, previous);
  const verify = await app.inject({
    method: "POST",
    url: "/api/auth/email-otp/verify-email",
    payload: { email, otp: code },
  });
  expect(verify.statusCode, verify.body).toBe(200);
  const token = verify.headers["set-auth-token"] as string;
  expect(token).toBeTruthy();
  const id = (verify.json() as { user: { id: string } }).user.id;
  return { id, email, password, token, headers: { authorization: `Bearer ${token}` } };
}

/** DELETE /api/users as the owner asks it: proven by the account's password. */
export const deleteOwnAccount = (app: App, user: Pick<TestUser, "headers" | "password">) =>
  app.inject({ method: "DELETE", url: "/api/users", headers: user.headers, payload: { password: user.password } });
