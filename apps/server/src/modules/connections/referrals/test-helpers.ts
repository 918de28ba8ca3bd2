import { expect } from "vitest";
import type { App } from "../../../app.ts";
import { linkIn, waitForMail } from "../../../test/mail.ts";
import { latestCode, type TestUser, uniqueEmail, waitForCode } from "../../../test/users.ts";

export const invite = (app: App, user: TestUser, email: string) =>
  app.inject({ method: "POST", url: "/api/users/referrals", headers: user.headers, payload: { email } });

export const manage = (app: App, user: TestUser, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/users/referrals/manage", headers: user.headers, payload });

export const invites = async (app: App, user: TestUser) =>
  (await app.inject({ url: "/api/users/referrals", headers: user.headers })).json();

/** The user's personal invite link (GET users/referrals' `link`). */
export const personalLink = async (app: App, user: TestUser) =>
  (await invites(app, user)).link as { code: string; url: string };

/** The invite mail's sign-up link and its referral code. */
export async function inviteCode(app: App, email: string, after = 0): Promise<string> {
  const mail = await waitForMail(app, email, /invited you to NeonLab/, after);
  const link = linkIn(mail);
  expect(link.pathname).toBe("/register");
  return link.searchParams.get("referral") ?? "";
}

/** Signs up with a referral code (as the register page does); returns the new account's id and a confirm step. */
export async function signUpWith(app: App, email: string, referral?: string) {
  // The address may have had mail before (an account deleted and made again): wait for a new code.
  const previous = await latestCode(app, email).catch(() => undefined);
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: { email, password: "correct-horse-battery", name: "Invited Friend", ...(referral ? { referral } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { user: { id: string } }).user.id;
  return {
    id,
    confirm: async () => {
      const otp = await waitForCode(app, email, previous);
      const verify = await app.inject({
        method: "POST",
        url: "/api/auth/email-otp/verify-email",
        payload: { email, otp },
      });
      expect(verify.statusCode, verify.body).toBe(200);
      const token = verify.headers["set-auth-token"] as string;
      return { id, email, password: "correct-horse-battery", token, headers: { authorization: `Bearer ${token}` } };
    },
  };
}

export { uniqueEmail };
