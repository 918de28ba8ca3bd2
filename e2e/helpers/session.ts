import { randomUUID } from "node:crypto";
import { type APIRequestContext, type BrowserContext, expect } from "@playwright/test";
import { newestMailId, waitForCode } from "./outbox.ts";

export const SESSION_COOKIE = "neonlab-auth-token";

export type E2eUser = {
  email: string;
  password: string;
  displayName: string;
  username: string;
  token: string;
  headers: { authorization: string };
};

export const uniqueEmail = (prefix = "shell") => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

/**
 * Registers a user through the API, confirms it with the code from the dev outbox and, when a browser
 * context is given, sets the session cookie so pages see a signed-in user.
 */
export async function signUpViaApi(
  request: APIRequestContext,
  context?: BrowserContext,
  { displayName = "Trinity Neon", email = uniqueEmail() }: { displayName?: string; email?: string } = {},
): Promise<E2eUser> {
  const password = "correct-horse-battery-9";
  const before = await newestMailId(request, email);
  const signUp = await request.post("/api/auth/sign-up/email", { data: { email, password, name: displayName } });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const otp = await waitForCode(request, email, before);
  const verify = await request.post("/api/auth/email-otp/verify-email", { data: { email, otp } });
  expect(verify.ok(), await verify.text()).toBe(true);
  const token = verify.headers()["set-auth-token"];
  expect(token, "set-auth-token header").toBeTruthy();
  const headers = { authorization: `Bearer ${token}` };
  const profile = await request.get("/api/profile", { headers });
  expect(profile.ok(), await profile.text()).toBe(true);
  const { username } = (await profile.json()) as { username: string };
  if (context) await signInContext(context, token);
  return { email, password, displayName, username, token, headers };
}

/** Puts the session cookie into a browser context (what the app writes after sign-in). */
export async function signInContext(context: BrowserContext, token: string) {
  const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
  await context.addCookies([{ name: SESSION_COOKIE, value: encodeURIComponent(token), url: baseURL, sameSite: "Lax" }]);
}
