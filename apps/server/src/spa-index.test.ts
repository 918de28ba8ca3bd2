import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { WEB_SSR_ENTRY } from "@neonlab/shared/constants";
import { afterAll, describe, expect, it, vi } from "vitest";
import { courseCategories } from "./modules/learning/schema.ts";
import { createHack, updateHack } from "./modules/hacks/service.ts";
import { createTestApp, createTestDatabase } from "./test/test-app.ts";
import { createUser } from "./test/users.ts";

// The SPA fallback sends the built index.html, or a public page's prerendered copy (apps/web/vite-plugins.ts):
// compressed, and with their inline scripts allowed by hash.
const INLINE = `
      document.documentElement.setAttribute("data-mantine-color-scheme", "dark");
    `;
const PAGE_INLINE = `document.title = "About";`;
const page = (body: string, script = INLINE) =>
  `<!doctype html><html><head><script>${script}</script><script type="module" src="/assets/index.js"></script></head><body><div id="root">${body.repeat(200)}</div></body></html>`;
const INDEX = page("<p>preloader</p>");
const ABOUT = page("<p>about NeonLab</p>", PAGE_INLINE);
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("the SPA's HTML", async () => {
  const dist = mkdtempSync(join(tmpdir(), "neonlab-spa-"));
  writeFileSync(join(dist, "index.html"), INDEX);
  mkdirSync(join(dist, "prerender"));
  writeFileSync(join(dist, "prerender", "about.html"), ABOUT);
  writeFileSync(join(dist, "prerender", "pages.json"), JSON.stringify({ "/about": "about.html" }));
  writeFileSync(join(dist, "prerender", "sign-in-routes.json"), JSON.stringify(["^/rank$", "^/settings$"]));
  const ASSET = "console.log('app');".repeat(100);
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "assets", "app-1a2b.js"), ASSET);
  writeFileSync(join(dist, "assets", "app-1a2b.js.br"), brotliCompressSync(ASSET));
  writeFileSync(join(dist, "favicon.svg"), "<svg/>");
  mkdirSync(join(dist, "avatars", "robots"), { recursive: true });
  writeFileSync(join(dist, "avatars", "robots", "robot-1.svg"), "<svg/>");
  const WORKER = "self.addEventListener('fetch', () => {});".repeat(50);
  writeFileSync(join(dist, "sw.js"), WORKER);
  writeFileSync(join(dist, "sw.js.br"), brotliCompressSync(WORKER));
  writeFileSync(join(dist, "manifest.webmanifest"), JSON.stringify({ name: "NeonLab" }));
  writeFileSync(join(dist, ".build-stamp"), "hash\n");
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const app = await createTestApp({ env: { WEB_DIST: dist } });

  it("serves the build's files (hashed assets cached for a year, compressed copies as they are), not its dotfiles or folders", async () => {
    const asset = await app.inject({ url: "/assets/app-1a2b.js", headers: { "accept-encoding": "br" } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(asset.rawPayload).toString("utf8")).toBe(ASSET);
    const icon = await app.inject({ method: "HEAD", url: "/favicon.svg" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("public, max-age=300");
    // The service worker and the manifest are asked again on every load (a new version is found at once).
    for (const encoding of ["br", "identity"]) {
      const worker = await app.inject({ url: "/sw.js", headers: { "accept-encoding": encoding } });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers["cache-control"], encoding).toBe("no-cache");
      expect(worker.headers["content-type"]).toMatch(/javascript/);
    }
    const manifest = await app.inject("/manifest.webmanifest");
    expect(manifest.headers["cache-control"]).toBe("no-cache");
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    const nested = await app.inject("/avatars/robots/robot-1.svg");
    expect(nested.statusCode).toBe(200);
    expect(nested.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    // A folder's files are those it held when the server started (no listing read per request): a file
    // written later, or a path spelled otherwise, is no file of the app.
    writeFileSync(join(dist, "assets", "late-3c4d.js"), ASSET);
    // No file of the app: the page fallback (index.html) answers, also for the build's stamp and a folder.
    for (const url of [
      "/.build-stamp",
      "/assets",
      "/assets/",
      "/assets/missing-9z.js",
      "/assets/late-3c4d.js",
      "/assets/APP-1a2b.js",
      "/assets/app-1a2b.js.br",
      "/avatars/robots",
      "/avatars/robots/",
    ]) {
      const res = await app.inject(url);
      expect(res.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(res.body, url).toBe(INDEX);
    }
    // A route per folder, not per file (a route per file held 15–25 MB of a server serving the real build).
    expect(app.hasRoute({ method: "GET", url: "/assets/*" })).toBe(true);
    expect(app.hasRoute({ method: "GET", url: "/assets/app-1a2b.js" })).toBe(false);
    // The files' routes leave /api alone: a too-long parameter is still the router's 414, not a missing file.
    const long = await app.inject(`/api/courses/${"a".repeat(200)}`);
    expect(long.statusCode).toBe(414);
  });

  it("is index.html, compressed, for any other page path, never cached", async () => {
    const res = await app.inject({ url: "/shop/items?x=1", headers: { "accept-encoding": "gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(gunzipSync(res.rawPayload).toString("utf8")).toBe(INDEX);
  });

  it("is the prerendered copy for a prerendered page, with or without a trailing slash", async () => {
    for (const url of ["/about", "/about/", "/about?ref=home"]) {
      const res = await app.inject({ url, headers: { "accept-encoding": "br, gzip" } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(res.rawPayload).toString("utf8")).toBe(ABOUT);
    }
  });

  it("sends a visitor without a session cookie from a sign-in-required page to /login, keeping the page", async () => {
    for (const url of ["/rank", "/rank/", "/settings?tab=account"]) {
      const res = await app.inject({ url, headers: { cookie: "neonlab-viewport=mobile" } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/login");
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["set-cookie"]).toBe(
        `neonlab-return-path=${encodeURIComponent(url)}; Path=/; Max-Age=1800; SameSite=Lax`,
      );
    }
  });

  it("leaves sign-in-required pages to the app when a session cookie is sent, whole or in chunks", async () => {
    for (const cookie of ["neonlab-auth-token=abc.def", "a=1; neonlab-auth-token.0=abc; neonlab-auth-token.1=def"]) {
      const res = await app.inject({ url: "/rank", headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    }
    // An empty cookie is no session; public pages are never redirected.
    expect((await app.inject({ url: "/rank", headers: { cookie: "neonlab-auth-token=" } })).statusCode).toBe(302);
    expect((await app.inject("/shop/items")).statusCode).toBe(200);
  });

  it("gives a hack's code view its card's Open Graph tags and sends its live view to the preview site", async () => {
    const owner = await createUser(app, { displayName: "Card Owner" });
    const hack = await createHack(app.ctx, owner.id, { title: 'Neon "quoted" <b>' });
    const code = await app.inject(`/hack/${hack.owner.username}/${hack.slug}`);
    expect(code.statusCode).toBe(200);
    expect(code.body).toContain(`<meta property="og:image" content="${hack.card_url}" />`);
    // The card is at the link's address, so an unfurl works for an unlisted hack too (its id opens nothing).
    const card = new URL(hack.card_url);
    expect(card.pathname).toBe(`/api/hacks/users/${hack.owner.username}/${hack.slug}/card.png`);
    expect((await app.inject(`${card.pathname}${card.search}`)).statusCode).toBe(200);
    expect(code.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(code.body).toContain("Neon &quot;quoted&quot; &lt;b&gt; by @");
    expect(code.body).not.toContain("<b>");
    const live = await app.inject(`/hack/${hack.owner.username}/view/${hack.slug}`);
    expect(live.statusCode).toBe(302);
    expect(live.headers.location).toBe(hack.live_url);
    expect(live.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:3001\//);
    await updateHack(app.ctx, owner.id, hack.id, { files: [{ name: "notes.md", content: "no page" }] });
    expect((await app.inject(`/hack/${hack.owner.username}/view/${hack.slug}`)).statusCode).toBe(404);
    expect((await app.inject(`/hack/${hack.owner.username}/no-such-hack`)).statusCode).toBe(404);
  });

  it("is sent as is to a client that accepts no compression", async () => {
    const res = await app.inject({ url: "/about", headers: { "accept-encoding": "gzip;q=0, identity" } });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(ABOUT);
  });

  it("allows exactly the inline scripts of these pages in the CSP, by hash", async () => {
    const res = await app.inject("/");
    const scriptSrc = String(res.headers["content-security-policy"])
      .split(";")
      .find((directive) => directive.startsWith("script-src "));
    expect(scriptSrc?.split(" ").slice(1).sort()).toEqual(["'self'", sha256(INLINE), sha256(PAGE_INLINE)].sort());
    expect(scriptSrc).not.toContain("unsafe-inline");
  });

  it("still answers unknown API paths with a JSON 404", async () => {
    const res = await app.inject("/api/no-such-route");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, statusMessage: "Not Found" });
  });
});

// Pages showing API data are rendered again by the web build's server-side render (WEB_SSR_ENTRY) with the
// API's own answers. This stand-in has the real module's two functions and counts its renders.
const SSR_STANDIN = `
export function liveRequests(path) {
  return path === "/courses" || path === "/broken" ? ["/api/course-categories", "/api/health"] : null;
}
export async function renderLivePage(page, path, answers) {
  globalThis.liveRenders = (globalThis.liveRenders ?? 0) + 1;
  if (path === "/broken") throw new Error("render failed");
  return page.replace("</body>", () => "<script type=application/json>" + JSON.stringify(answers) + "</script></body>");
}
`;
const renders = () => (globalThis as { liveRenders?: number }).liveRenders ?? 0;

describe("the pages rendered with live data", async () => {
  const dist = mkdtempSync(join(tmpdir(), "neonlab-spa-live-"));
  const COURSES = page("<p>courses placeholder</p>");
  writeFileSync(join(dist, "index.html"), INDEX);
  mkdirSync(join(dist, "prerender", "ssr"), { recursive: true });
  writeFileSync(join(dist, WEB_SSR_ENTRY), SSR_STANDIN);
  writeFileSync(join(dist, "prerender", "courses.html"), COURSES);
  writeFileSync(join(dist, "prerender", "broken.html"), ABOUT);
  writeFileSync(
    join(dist, "prerender", "pages.json"),
    JSON.stringify({ "/courses": "courses.html", "/broken": "broken.html" }),
  );
  writeFileSync(join(dist, "prerender", "sign-in-routes.json"), "[]");
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const { database, drop } = await createTestDatabase();
  afterAll(drop);
  const app = await createTestApp({ env: { WEB_DIST: dist }, database });
  const coursesPage = async () => (await app.inject("/courses")).body;

  it("renders a signed-out visitor's page from the API's answers, once while they stay the same", async () => {
    const answers = await Promise.all(
      ["/api/course-categories", "/api/health"].map(async (url) => (await app.inject(url)).json()),
    );
    const before = renders();
    for (const url of ["/courses", "/courses/"]) {
      const res = await app.inject({ url, headers: { "accept-encoding": "gzip" } });
      expect(res.statusCode).toBe(200);
      expect(gunzipSync(res.rawPayload).toString("utf8")).toBe(
        COURSES.replace("</body>", () => `<script type=application/json>${JSON.stringify(answers)}</script></body>`),
      );
    }
    expect(renders()).toBe(before + 1);
  });

  it("asks the API again after a few seconds, and renders again (once, for visitors arriving together) when the answers changed", async () => {
    const before = await coursesPage();
    await database.db.insert(courseCategories).values({ slug: "live-test", name: "Live Test Category" });
    expect(await coursesPage()).toBe(before); // kept for a few seconds, not asked again on every view
    const rendersBefore = renders();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 6000);
      const pages = await Promise.all(Array.from({ length: 5 }, coursesPage));
      expect(new Set(pages).size).toBe(1);
      expect(pages[0]).toContain("Live Test Category");
      expect(renders()).toBe(rendersBefore + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends the build's copy to a signed-in visitor and when a query string may change the page", async () => {
    const signedIn = await app.inject({ url: "/courses", headers: { cookie: "neonlab-auth-token=abc.def" } });
    expect(signedIn.body).toBe(COURSES);
    expect((await app.inject("/courses?category=web")).body).toBe(COURSES);
  });

  it("sends the build's copy when the render fails, and does not retry it for the same answers", async () => {
    const before = renders();
    for (let i = 0; i < 3; i++) {
      const res = await app.inject("/broken");
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(ABOUT);
    }
    expect(renders()).toBe(before + 1);
  });

  it("keeps the server-side render and the page copies off the static files", async () => {
    for (const url of [`/${WEB_SSR_ENTRY}`, "/prerender/courses.html", "/prerender/pages.json"]) {
      const res = await app.inject(url);
      expect(res.body).toBe(INDEX);
    }
  });
});
