import { MESSAGES } from "@neonlab/shared/messages";
import { expect, test } from "@playwright/test";
import { prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { readOutbox } from "./helpers/outbox.ts";

test.beforeEach(async ({ page }) => prepareApp(page));

test("contact form validates on blur, sends, and shows the spec toasts", async ({ page, request }) => {
  await visit(page, "/contact");
  const email = page.getByRole("textbox", { name: /^Email/ });
  await email.fill("not-an-email");
  await expect(page.getByText("Enter a valid email address")).toHaveCount(0);
  await email.blur();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();

  await page.getByRole("textbox", { name: /^Name/ }).fill("Ada Lovelace");
  await email.fill("ada@example.test");
  await page.getByRole("textbox", { name: /^Subject/ }).fill("Course idea");
  await page.getByRole("textbox", { name: /^Message/ }).fill("Please add a course about compilers.");
  await page.getByRole("button", { name: "Send message" }).click();
  const toast = page.locator(".nl-toast-success");
  await expect(toast).toContainText("Success");
  await expect(toast).toContainText(MESSAGES.emailSent);
  await expect(page.getByRole("textbox", { name: /^Subject/ })).toHaveValue("");
  const mails = await readOutbox(request, "operator@neonlab.local");
  expect(mails.some((mail) => mail.text.includes("Please add a course about compilers."))).toBe(true);

  // A failing send keeps the text and shows the error toast with the server's message.
  await page.route("**/api/users/contact", (route) =>
    route.fulfill({ status: 429, json: { statusCode: 429, statusMessage: "Too Many Requests", message: "Slow down" } }),
  );
  await page.getByRole("textbox", { name: /^Subject/ }).fill("Again");
  await page.getByRole("textbox", { name: /^Message/ }).fill("A second message, quickly.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.locator(".nl-toast-error")).toContainText("Slow down");
  await expect(page.getByRole("textbox", { name: /^Subject/ })).toHaveValue("Again");
});

test("the home carousel uses the spec's labels and options", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await visit(page, "/");
  await waitForPreloaderGone(page);
  // The carousel mounts when its place comes near the viewport.
  await page.getByRole("heading", { name: "Courses to start with" }).scrollIntoViewIfNeeded();
  const carousel = page.getByRole("region", { name: "Featured courses" });
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.getByRole("button", { name: "Next slide" })).toBeVisible();
  await expect(carousel.getByRole("button", { name: /^(Previous slide|Go to last slide)$/ })).toBeVisible();
  await expect(carousel.getByRole("tab", { name: "Go to slide 1" })).toBeVisible();
  await expect(carousel.getByRole("tablist", { name: "Select a slide to show" })).toBeVisible();
  await expect(carousel.getByRole("tabpanel").first()).toHaveAttribute("aria-label", /^1 of \d+$/);
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(carousel.getByRole("tab", { name: "Go to slide 2" })).toHaveAttribute("aria-selected", "true");
});

test("the help page's topics take the content width at 1280 px, as the other content pages do", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, "/help");
  await expect(page.locator("[data-help-topics]")).toBeVisible();
  const [topics, content] = await page.evaluate(() => {
    const main = document.querySelector("main") as HTMLElement;
    const style = getComputedStyle(main);
    const box = main.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return [document.querySelector("[data-help-topics]")?.getBoundingClientRect().width ?? 0, box];
  });
  expect(Math.abs(topics - content)).toBeLessThan(1);
});
