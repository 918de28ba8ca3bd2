import { describe, expect, it } from "vitest";
import { loadPage, pageComponentName } from "./page-loader.tsx";
import { ROUTES } from "./routes.ts";

describe("the route table", () => {
  it("names components after their module", () => {
    expect(pageComponentName("auth/pages/reset-password-page.tsx")).toBe("ResetPasswordPage");
    expect(pageComponentName("pages/home/home-page.tsx")).toBe("HomePage");
  });

  it("has one route per path", () => {
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
  });

  it.each(ROUTES.map((route) => [route.path, route.page] as const))("loads the page of %s", async (_path, page) => {
    expect(typeof (await loadPage(page))).toBe("function");
  });

  it("refuses a module that is not a page", async () => {
    await expect(loadPage("pages/missing-page.tsx")).rejects.toThrow(
      "no page module src/features/pages/missing-page.tsx",
    );
  });
});
