// Settings → Account → "Download my data" in Chromium: the request, the mailed link (dev outbox), the
// download from Settings (the link lands on its focused Download button), and the file checked against the JSON
// Schema the server publishes beside its OpenAPI document. At 1280 and 375 px in both colour modes; screenshots in e2e/screenshots/data-export-*.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { visit, waitForPreloaderGone } from "./helpers/app.ts";
import { expectSoundPage } from "./helpers/layout.ts";
import { waitForMail } from "./helpers/outbox.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { signedInUser } from "./helpers/signed-in.ts";

for (const scheme of ["dark", "light"] as const) {
  for (const width of [1280, 375]) {
    test.describe(`data export, ${scheme} mode, ${width}px`, () => {
      const user = signedInUser({ displayName: "Export Tester", width, scheme });

      test("a user downloads their data from Settings and the file matches the published schema", async ({
        page,
        request,
      }) => {
        await visit(page, "/settings?tab=account");
        await waitForPreloaderGone(page);
        await page.getByRole("button", { name: "Download my data" }).click();
        await expect(page.getByText("We're preparing your data.")).toBeVisible();

        // The link from the mail, opened in the signed-in browser.
        const link = await waitForMail(request, user().email, /(https?:\/\/\S+export=[A-Za-z0-9_-]+)/);
        await visit(page, new URL(link).pathname + new URL(link).search);
        await waitForPreloaderGone(page);
        const ready = page.getByTestId("data-export-ready");
        await expect(ready).toBeVisible();
        // The link lands on its button, not on the top of Settings: in view (below the fold on a phone
        // otherwise) and focused, so Enter downloads.
        const downloadButton = ready.getByRole("button", { name: "Download file" });
        await expect(downloadButton).toBeFocused();
        await expect(downloadButton).toBeInViewport({ ratio: 1 });
        await page.waitForLoadState("networkidle");
        await expect(downloadButton).toBeInViewport({ ratio: 1 });
        await saveScreenshot(page, `data-export-landing-${scheme}-${width}`, { fullPage: false });
        await expectSoundPage(page, { header: true, footer: true });
        await saveScreenshot(page, `data-export-${scheme}-${width}`);

        const [download] = await Promise.all([page.waitForEvent("download"), downloadButton.click()]);
        expect(download.suggestedFilename()).toMatch(/^neonlab-data-\d{4}-\d{2}-\d{2}\.json$/);
        const file = JSON.parse(readFileSync((await download.path()) ?? "", "utf8"));

        const schema = await (await request.get("/api/docs/export-schema.json")).json();
        const validate = addFormats(new Ajv2020({ strict: true, allErrors: true })).compile(schema);
        expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
        expect(file.sections.account.email).toBe(user().email);
        expect(file.sections.profile.displayName).toBe("Export Tester");

        // A second request within the hour is refused with a message.
        await page.getByRole("button", { name: "Download my data" }).click();
        await expect(page.getByText(/You can request your data once an hour/)).toBeVisible();
      });
    });
  }
}
