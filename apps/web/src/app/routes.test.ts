import { describe, expect, it } from "vitest";
import { FOOTER_NAV, MAIN_NAV } from "../components/shell/nav-links.ts";
import { PAGES, pageIsBuilt, ROUTES } from "./routes.ts";

describe("the route table", () => {
  it("has one route per path", () => {
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
  });

  it("has a page for each route whose page exists, and none for another path", () => {
    const built = ROUTES.filter((route) => !route.placeholder).map((route) => route.path);
    expect(Object.keys(PAGES).sort()).toEqual([...built].sort());
  });

  it.each(Object.entries(PAGES))("loads the page of %s", async (_path, page) => {
    expect(typeof (await page())).toBe("function");
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
