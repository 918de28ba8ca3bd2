// The API reference (/api/docs, Swagger UI on the OpenAPI document) renders in Chromium without a console
// error (the app's Content-Security-Policy included) and lists every module's operations.
import { expect, test } from "@playwright/test";
import { saveScreenshot } from "./helpers/screenshots.ts";

test("the API reference renders the whole document without console errors", async ({ page, request }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("requestfailed", (failed) => problems.push(`request failed: ${failed.url()}`));

  const doc = await (await request.get("/api/docs/json")).json();
  const tags = (doc.tags as { name: string }[]).map((tag) => tag.name);
  expect(tags.length).toBeGreaterThan(3);
  const operationsOf = (tag: string) =>
    Object.values(doc.paths as Record<string, Record<string, { tags?: string[] }>>)
      .flatMap((item) => Object.values(item))
      .filter((operation) => operation.tags?.[0] === tag).length;

  await page.goto("/api/docs");
  // Swagger UI is a large script: on a loaded machine it takes more than the default 5 s to render.
  await expect(page.locator(".swagger-ui .info .title")).toContainText("NeonLab API", { timeout: 30_000 });
  // Every tag is listed, collapsed; opened, it shows each of its operations.
  for (const tag of tags) {
    const header = page.locator(`#operations-tag-${tag}`);
    await expect(header).toBeVisible();
    await header.click();
    await expect(page.locator(`[id^="operations-${tag}-"]`)).toHaveCount(operationsOf(tag));
    await header.click();
    await expect(page.locator(`[id^="operations-${tag}-"]`)).toHaveCount(0);
  }
  // One operation opened: its error answers in the standard shape are listed.
  await page.locator("#operations-tag-data-export").click();
  await page.locator("#operations-data-export-requestDataExport .opblock-summary").click();
  await expect(
    page.locator("#operations-data-export-requestDataExport").getByText(/^Too Many Requests: A rate limit/),
  ).toBeVisible();
  await saveScreenshot(page, "api-docs");
  expect(problems).toEqual([]);
});
