import { PASSWORD_PROBLEMS } from "@neonlab/shared/password-policy";
import { describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { accountTableCounts, passwordResetToken, sleep } from "../test/mail.ts";
import { createTestApp } from "../test/test-app.ts";
import { createUser, type TestUser, uniqueEmail } from "../test/users.ts";

const COMMON = ["12345678", "password", "Password1", "P@ssw0rd", "drowssap", "qwertyuiop", "aaaaaaaaaa"];

const post = (app: App, path: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: `/api/auth${path}`, payload, headers });

function expectRefused(res: { statusCode: number; json: () => unknown }, message: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ statusCode: 400, statusMessage: "Bad Request", message });
}

/** Asks for a reset mail and follows its link to the token on /reset-password. */
const resetToken = (app: App, user: TestUser) => passwordResetToken(app, user.email);

async function usernameOf(app: App, user: TestUser): Promise<string> {
  return (await app.inject({ url: "/api/profile", headers: user.headers })).json().username;
}

describe("the password rule on sign-up, reset and change (ASVS 5.0 §6.2)", async () => {
  const app = await createTestApp();

  it("sign-up refuses common passwords and ones that contain the e-mail or name, and creates nothing", async () => {
    await sleep(100);
    const before = await accountTableCounts(app);
    const email = uniqueEmail("ada.lovelace");
    const local = email.split("@")[0] as string;
    for (const password of COMMON) {
      expectRefused(await post(app, "/sign-up/email", { email, password, name: "Ada" }), PASSWORD_PROBLEMS.common);
    }
    for (const password of [email, `${email.toUpperCase()}!`, `${local}-2024`, "Ada Lovelace 1815"]) {
      const res = await post(app, "/sign-up/email", { email, password, name: "Ada Lovelace" });
      expectRefused(res, PASSWORD_PROBLEMS.personal);
    }
    expect(await accountTableCounts(app)).toEqual(before);
  });

  it("sign-up takes 8 to 128 characters of anything uncommon", async () => {
    for (const password of ["violet-kettle-42", "ünïcödé-🐙-pass", "x7#".repeat(42).slice(0, 128)]) {
      const res = await post(app, "/sign-up/email", { email: uniqueEmail(), password, name: "Ada" });
      expect(res.statusCode, `${password}: ${res.body}`).toBe(200);
    }
  });

  it("change-password refuses a common password and the user's e-mail, name or username", async () => {
    const user = await createUser(app, { displayName: "Grace Hopper" });
    const username = await usernameOf(app, user);
    const change = (newPassword: string) =>
      post(app, "/change-password", { currentPassword: user.password, newPassword }, user.headers);
    expectRefused(await change("password"), PASSWORD_PROBLEMS.common);
    expectRefused(await change(`${user.email.split("@")[0]}!!`), PASSWORD_PROBLEMS.personal);
    expectRefused(await change("GraceHopper-1906"), PASSWORD_PROBLEMS.personal);
    expectRefused(await change(`99-${username}-99`), PASSWORD_PROBLEMS.personal);
    const ok = await change("quiet-lantern-river");
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("reset-password refuses a common password and the e-mail of the token's user; the token still works after", async () => {
    const user = await createUser(app);
    const token = await resetToken(app, user);
    expectRefused(await post(app, "/reset-password", { token, newPassword: "iloveyou" }), PASSWORD_PROBLEMS.common);
    const personal = await post(app, "/reset-password", { token, newPassword: `${user.email}-x` });
    expectRefused(personal, PASSWORD_PROBLEMS.personal);
    const ok = await post(app, "/reset-password", { token, newPassword: "quiet-lantern-river" });
    expect(ok.statusCode, ok.body).toBe(200);
    const signIn = await post(app, "/sign-in/email", { email: user.email, password: "quiet-lantern-river" });
    expect(signIn.statusCode).toBe(200);
  });

  it("sign-in does not judge existing passwords: only new ones follow the rule", async () => {
    const res = await post(app, "/sign-in/email", { email: uniqueEmail(), password: "password" });
    expect(res.statusCode).toBe(401);
  });
});
