import { type APIRequestContext, expect } from "@playwright/test";

/** The admin account e2e/start-server.mjs makes with `npm run admin -- create-user` before the server starts. */
export const E2E_ADMIN = { email: "e2e-admin@example.test", password: "e2e-admin-password-9" };

/** Signs the e2e admin in through the API; the bearer token for requests and the session cookie. */
export async function signInAdmin(request: APIRequestContext) {
  const res = await request.post("/api/auth/sign-in/email", { data: E2E_ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
  const token = res.headers()["set-auth-token"];
  expect(token, "set-auth-token header").toBeTruthy();
  return { token, headers: { authorization: `Bearer ${token}` } };
}
