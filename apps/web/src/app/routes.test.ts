import { describe, expect, it } from "vitest";
import { loadPage, pageComponentName } from "./page-loader.tsx";
import { FOOTER_NAV, MAIN_NAV } from "../components/shell/nav-links.ts";
import { pageIsBuilt, ROUTES } from "./routes.ts";

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

  it("knows which paths open a built page, so navigation offers only those", () => {
    for (const path of [
      "/",
      "/courses",
      "/courses/web-foundations/the-box-model",
      "/profile/ada",
      "/connections/ada",
      "/settings",
      "/app/reports",
      "/shop",
      "/giveaway",
      "/blogs",
      "/blogs/my-blogs",
      "/blogs/some-post",
      "/blogs/42/edit",
      "/hacks",
      "/hack/ada/neon-clock",
      "/hack/ada/view/neon-clock",
      "/projects",
      "/projects/categories/web-development",
      "/projects/keyboard-quiz",
    ]) {
      expect(pageIsBuilt(path), path).toBe(true);
    }
    for (const path of ["/no/such/page"]) {
      expect(pageIsBuilt(path), path).toBe(false);
    }
    expect(MAIN_NAV.map((link) => link.label)).toEqual(["Courses", "Projects", "Hacks", "Blogs", "Rank", "Pricing"]);
    const footer = FOOTER_NAV.flatMap((column) => column.links.map((link) => link.to));
    expect(footer.length).toBeGreaterThan(0);
    for (const to of footer) expect(pageIsBuilt(to), to).toBe(true);
  });
});
