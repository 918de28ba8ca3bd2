import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "./test/test-app.ts";

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
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const app = await createTestApp({ env: { WEB_DIST: dist } });

  it("is index.html, compressed, for any other page path, never cached", async () => {
    const res = await app.inject({ url: "/courses/web-foundations?x=1", headers: { "accept-encoding": "gzip" } });
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
