import type { Course, CourseDetail } from "@neonlab/shared/schemas/learning";
import { MESSAGES } from "@neonlab/shared/messages";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { type ColorScheme, prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { waitForCode } from "./helpers/outbox.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { type E2eUser, signInContext, signUpViaApi, uniqueEmail } from "./helpers/session.ts";

// Money through the real UI on the built-in test provider: prices, Get Pro through sign-up, the test
// checkout, a premium lesson, cancel and reactivate, billing history, a NeonBits pack.

test.describe.configure({ mode: "serial" });

async function lockedPremiumLesson(request: APIRequestContext) {
  const courses = (await (await request.get("/api/courses")).json()) as Course[];
  const premium = courses.find((c) => c.premium);
  expect(premium, "a premium course exists").toBeTruthy();
  const detail = (await (await request.get(`/api/courses/${premium!.slug}`)).json()) as CourseDetail;
  return { course: premium!.slug, lesson: detail.chapters[1]!.lessons[0]!.slug };
}

async function confirm(page: Page, label: string) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: label }).click();
  await expect(dialog).toBeHidden();
}

test("a visitor picks Pro yearly, signs up, pays in the test checkout and opens a premium lesson", async ({
  page,
  request,
}) => {
  await prepareApp(page, { scheme: "dark" });
  await visit(page, "/pricing");
  const yearly = page.locator('[data-plan="pro-yearly"]');
  await expect(yearly).toContainText("$79.99");
  await expect(yearly).toContainText("Save 33%");
  await expect(page.locator('[data-plan="pro-monthly"]')).toContainText("$9.99");
  await expect(page.locator('[data-pack="price_neonbits_2600"]')).toContainText("2,600 NeonBits");
  await waitForPreloaderGone(page);
  await saveScreenshot(page, "payments-pricing-signed-out-desktop-dark");

  await yearly.getByRole("link", { name: "Get Pro yearly" }).click();
  await expect(page).toHaveURL(/\/register\?priceId=price_pro_yearly$/);
  const email = uniqueEmail("pro");
  await page.getByLabel(/^Display name/).fill("Paying Hacker");
  await page.getByRole("textbox", { name: /^Email/ }).fill(email);
  await page.getByRole("textbox", { name: /^Password/ }).fill("neon-pro-password-1");
  await page.getByRole("button", { name: "Create Account" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm your email" });
  await dialog.getByLabel("Confirmation code").fill(await waitForCode(request, email));
  await dialog.getByRole("button", { name: "Submit Code" }).click();

  // On to the provider's page for the plan picked before signing up.
  await expect(page).toHaveURL(/\/testpay\/checkout\//);
  await expect(page.getByText("TEST MODE")).toBeVisible();
  await expect(page.getByText("NeonLab Pro (yearly)")).toBeVisible();
  await saveScreenshot(page, "payments-test-checkout-desktop-dark");
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByRole("alert")).toContainText("declined");
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/payment\/subscription\/success/);
  await expect(page.getByRole("heading", { name: "Pro is active" })).toBeVisible();
  await saveScreenshot(page, "payments-subscription-success-desktop-dark");

  const { course, lesson } = await lockedPremiumLesson(request);
  await visit(page, `/courses/${course}/${lesson}`);
  await expect(page.locator("[data-paywall]")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

async function subscribedUser(request: APIRequestContext): Promise<E2eUser> {
  const user = await signUpViaApi(request, undefined, { displayName: "Settings Subscriber" });
  const session = await request.post("/api/stripe/create-subscription-session", {
    headers: user.headers,
    data: { priceId: "price_pro_monthly" },
  });
  const { url } = (await session.json()) as { url: string };
  const paid = await request.post(`${new URL(url).pathname}/pay`, { form: {}, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  return user;
}

test("Settings → Subscription: cancel and reactivate behind the dialog, billing history, then a pack", async ({
  page,
  context,
  request,
}) => {
  const user = await subscribedUser(request);
  await signInContext(context, user.token);
  await prepareApp(page, { scheme: "dark" });
  await visit(page, "/settings?tab=subscription");
  await expect(page.getByTestId("subscription-status")).toHaveText("Active");
  await expect(page.getByTestId("subscription-date")).toContainText("Renews on");
  await expect(page.getByTestId("billing-history")).toContainText("NeonLab Pro (monthly)");
  await expect(page.getByTestId("billing-history")).toContainText("$9.99");

  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await confirm(page, "Yes");
  await expect(page.getByText(MESSAGES.subscriptionCancelled)).toBeVisible();
  await expect(page.getByTestId("subscription-status")).toHaveText("Cancelled");
  await expect(page.getByTestId("subscription-date")).toContainText("Pro ends on");

  await page.getByRole("button", { name: "Reactivate subscription" }).click();
  await confirm(page, "Yes");
  await expect(page.getByText(MESSAGES.subscriptionReactivated)).toBeVisible();
  await expect(page.getByTestId("subscription-status")).toHaveText("Active");

  // A pack from the provider's page offering all three.
  await page.getByRole("button", { name: "Buy NeonBits" }).click();
  await expect(page).toHaveURL(/\/testpay\/checkout\//);
  await page.getByLabel(/2,600 NeonBits/).check();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/payment\/neonbits\/success/);
  await expect(page.getByRole("heading", { name: "2,600 NeonBits added" })).toBeVisible();
  await expect(page.locator('[data-stat="neonbits"]').first()).toContainText("2,600");
});

const LOOKS: { width: number; scheme: ColorScheme }[] = [
  { width: 1280, scheme: "dark" },
  { width: 1280, scheme: "light" },
  { width: 375, scheme: "dark" },
  { width: 375, scheme: "light" },
];

test("the payment pages at desktop and 375 px, dark and light", async ({ page, context, request }) => {
  const user = await subscribedUser(request);
  await signInContext(context, user.token);
  for (const { width, scheme } of LOOKS) {
    const tag = `${width === 375 ? "375" : "desktop"}-${scheme}`;
    await page.setViewportSize({ width, height: 900 });
    await prepareApp(page, { scheme });
    await visit(page, "/pricing");
    await expect(page.locator('[data-plan="pro-yearly"]')).toContainText("$79.99");
    await waitForPreloaderGone(page);
    await saveScreenshot(page, `payments-pricing-${tag}`);
    await visit(page, "/settings?tab=subscription");
    await expect(page.getByTestId("billing-history")).toBeVisible();
    await saveScreenshot(page, `payments-settings-${tag}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, `${tag}: the page scrolls sideways`).toBe(false);
    await visit(page, "/payment/subscription/cancel");
    await expect(page.getByRole("heading", { name: "Checkout cancelled" })).toBeVisible();
    await saveScreenshot(page, `payments-subscription-cancel-${tag}`);
  }
});
