import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { MESSAGES } from "@neonlab/shared/messages";
import { PASSWORD_PROBLEMS } from "@neonlab/shared/password-policy";
import { newestMailId, waitForCode, waitForLink } from "./helpers/outbox.ts";
import { signUpViaApi } from "./helpers/session.ts";

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
const emailField = (page: Page) => page.getByRole("textbox", { name: /^Email/ });
const passwordField = (page: Page) => page.getByRole("textbox", { name: /^Password/ });

async function register(page: Page, { name, email, password }: { name: string; email: string; password: string }) {
  await page.goto("/register");
  await page.getByLabel(/^Display name/).fill(name);
  await emailField(page).fill(email);
  await passwordField(page).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm your email" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function signOut(page: Page, name: string) {
  await page.getByRole("button", { name: `Account menu for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
}

test.describe.configure({ mode: "serial" });

test("sign-up shows the password strength and refuses a common password before sending", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel(/^Display name/).fill("Neo Anderson");
  await emailField(page).fill(uniqueEmail("weak"));
  await passwordField(page).fill("password");
  const meter = page.getByTestId("password-strength");
  await expect(meter).toHaveAttribute("aria-live", "polite");
  await expect(meter).toHaveText(`Password strength: Very weak. ${PASSWORD_PROBLEMS.common}`);
  let signUps = 0;
  page.on("request", (request) => {
    if (request.url().includes("/api/auth/sign-up/email")) signUps += 1;
  });
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText(PASSWORD_PROBLEMS.common, { exact: true })).toBeVisible();
  await passwordField(page).fill("violet-kettle-42");
  await expect(meter).toHaveText("Password strength: Very strong.");
  expect(signUps).toBe(0);
});

test("register, confirm, sign out, sign in by code, reset the password, edit the profile", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("e2e");
  const name = "Neo Anderson";

  // Register → code from the dev outbox → confirm → toast → /courses
  const dialog = await register(page, { name, email, password: "first-password-1" });
  const dialogBox = await dialog.boundingBox();
  expect(Math.round(dialogBox?.width ?? 0)).toBe(500);
  const submit = dialog.getByRole("button", { name: "Submit Code" });
  await expect(submit).toBeDisabled();
  const code = await waitForCode(request, email);
  await dialog.getByLabel("Confirmation code").fill(code);
  await expect(dialog.getByLabel("Confirmation code")).toHaveValue(`${code.slice(0, 3)}-${code.slice(3)}`);
  await submit.click();
  await expect(page.getByText(MESSAGES.accountConfirmed)).toBeVisible();
  await expect(page).toHaveURL(/\/courses$/);

  await signOut(page, name);

  // Sign in with a one-time e-mail code
  const beforeSignInCode = await newestMailId(request, email);
  await page.goto("/login");
  await page.getByRole("tab", { name: "Email code" }).click();
  await emailField(page).fill(email);
  await page.getByRole("button", { name: "Send Code" }).click();
  const signInCode = await waitForCode(request, email, beforeSignInCode);
  await page.getByLabel("Sign-in code").fill(signInCode);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole("button", { name: `Account menu for ${name}` })).toBeVisible();

  await signOut(page, name);

  // Forgot → mailed link → /reset-password → new password → sign in with it
  const beforeReset = await newestMailId(request, email);
  await page.goto("/forgot");
  await emailField(page).fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText(MESSAGES.emailSent)).toBeVisible();
  const link = await waitForLink(request, email, beforeReset);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel(/^New password/).fill("second-password-2");
  await page.getByLabel(/^Repeat the new password/).fill("second-password-2");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByText(MESSAGES.passwordUpdated)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await emailField(page).fill(email);
  await passwordField(page).fill("second-password-2");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/courses$/);

  // Change a profile field
  await page.goto("/settings");
  const displayName = page.getByLabel(/^Display name/);
  await expect(displayName).toHaveValue(name);
  await displayName.fill("Trinity");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText(MESSAGES.profileUpdated)).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu for Trinity" })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^Display name/)).toHaveValue("Trinity");
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("an unconfirmed sign-in gets the 90vw confirmation dialog instead", async ({ page, request }) => {
    const email = uniqueEmail("phone");
    const password = "phone-password-1";
    const dialog = await register(page, { name: "Phone Hacker", email, password });
    expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(Math.round(375 * 0.9));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    const beforeSignIn = await newestMailId(request, email);
    await page.goto("/login");
    await emailField(page).fill(email);
    await passwordField(page).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    const again = page.getByRole("dialog", { name: "Confirm your email" });
    await expect(again).toBeVisible();
    const code = await waitForCode(request, email, beforeSignIn);
    await again.getByLabel("Confirmation code").fill(`${code} and more text`);
    await expect(again.getByLabel("Confirmation code")).toHaveValue(`${code.slice(0, 3)}-${code.slice(3)}`);
    await again.getByRole("button", { name: "Submit Code" }).click();
    await expect(page.getByText(MESSAGES.accountConfirmed)).toBeVisible();
    await expect(page).toHaveURL(/\/courses$/);
  });
});

test('a password change signs out the other devices unless "Sign out my other devices" is unchecked', async ({
  page,
  context,
  request,
}) => {
  const user = await signUpViaApi(request, context, { displayName: "Switch Keeper" });
  const otherDevice = async (password: string) => {
    // Another device: its own sign-in (with the Origin a browser sends; this request context keeps cookies).
    const signIn = await request.post("/api/auth/sign-in/email", {
      data: { email: user.email, password },
      headers: { origin: `http://localhost:${process.env.E2E_PORT ?? 3100}` },
    });
    expect(signIn.ok(), await signIn.text()).toBe(true);
    return { authorization: `Bearer ${signIn.headers()["set-auth-token"]}` };
  };
  const profileStatus = async (headers: { authorization: string }) =>
    (await request.get("/api/profile", { headers })).status();
  const changePassword = async (from: string, to: string) => {
    await page.getByLabel(/^Current password/).fill(from);
    await page.getByLabel(/^New password/).fill(to);
    await page.getByLabel(/^Repeat the new password/).fill(to);
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText(MESSAGES.passwordUpdated)).toBeVisible();
  };

  // Checked by default: the other device is signed out, this one stays signed in (on a new token).
  const phone = await otherDevice(user.password);
  await page.goto("/settings?tab=account");
  const signOutOthers = page.getByRole("checkbox", { name: "Sign out my other devices" });
  await expect(signOutOthers).toBeChecked();
  await changePassword(user.password, "lantern-harbour-71");
  expect(await profileStatus(phone)).toBe(401);
  await page.reload();
  await expect(page.getByRole("button", { name: "Account menu for Switch Keeper" })).toBeVisible();

  // Unchecked: the other device keeps its session.
  const tablet = await otherDevice("lantern-harbour-71");
  await signOutOthers.uncheck();
  await changePassword("lantern-harbour-71", "copper-meadow-58");
  expect(await profileStatus(tablet)).toBe(200);
});
