import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { FIXTURE_DIR, importFixtures } from "./modules/learning/test-helpers.ts";
import { updateProfile } from "./modules/identity/profiles/service.ts";
import { createTestApp } from "./test/test-app.ts";
import { createUser } from "./test/users.ts";

// A path that is no page of the app answers 404 with index.html (the app then shows its not-found page):
// no route of the web build's list (prerender/routes.json), or a course, lesson or learner that does not exist.
const INDEX = `<!doctype html><html><body><div id="root">${"<p>preloader</p>".repeat(100)}</div></body></html>`;
const ROUTES = [
  "^/$",
  "^/about$",
  "^/courses$",
  "^/courses/[^/]+$",
  "^/courses/[^/]+/[^/]+$",
  "^/profile/[^/]+$",
  "^/projects/[^/]+$",
  "^/projects/categories/[^/]+$",
];

describe("the status of the SPA's pages", async () => {
  const dist = mkdtempSync(join(tmpdir(), "neonlab-spa-404-"));
  writeFileSync(join(dist, "index.html"), INDEX);
  mkdirSync(join(dist, "prerender"));
  writeFileSync(join(dist, "prerender", "pages.json"), "{}");
  writeFileSync(join(dist, "prerender", "sign-in-routes.json"), JSON.stringify(["^/courses/[^/]+/[^/]+$"]));
  writeFileSync(join(dist, "prerender", "routes.json"), JSON.stringify(ROUTES));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const app = await createTestApp({ env: { WEB_DIST: dist, CONTENT_DIR: FIXTURE_DIR } });
  await importFixtures(app.ctx);
  const user = await createUser(app);
  const signedIn = { cookie: `neonlab-auth-token=${user.token}` };
  const { username } = (await app.inject({ url: "/api/profile", headers: user.headers })).json() as {
    username: string;
  };

  it("is 404 with index.html, compressed and not cached, for a path no route matches", async () => {
    for (const url of ["/no/such/place", "/about/team", "/nope?x=1", "/prerender/pages.json"]) {
      const res = await app.inject({ url, headers: { "accept-encoding": "gzip" } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(gunzipSync(res.rawPayload).toString("utf8")).toBe(INDEX);
    }
  });

  it("is 200 for the routes' pages whose course, lesson or learner exists, premium lessons included", async () => {
    const urls = [
      "/",
      "/about/",
      "/courses",
      "/courses/neon-basics",
      "/courses/neon-pro",
      "/courses/neon-basics/first-command",
      "/courses/neon-pro/advanced",
      `/profile/${username}`,
      "/projects/neon-sign",
      "/projects/neon-console",
      "/projects/categories/security",
    ];
    for (const url of urls) {
      const res = await app.inject({ url, headers: signedIn });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
    }
  });

  it("is 404 for a course, lesson or learner that does not exist, signed in or not", async () => {
    const urls = [
      "/courses/no-such-course",
      "/courses/public",
      "/courses/no-such-course/first-command",
      "/courses/neon-basics/no-such-lesson",
      "/courses/neon-basics/advanced",
      `/courses/${"x".repeat(200)}`,
      "/courses/neon-basics/first%20command",
      "/profile/nobody-goes-by-this-name",
      "/projects/no-such-project",
      "/projects/categories/no-such-category",
    ];
    for (const url of urls) {
      for (const headers of [{}, signedIn]) {
        const res = await app.inject({ url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).toBe(INDEX);
      }
    }
  });

  it("moves a profile, connections or hack link with an old username to the current one (301, query kept)", async () => {
    const mover = await createUser(app);
    const before = (await app.inject({ url: "/api/profile", headers: mover.headers })).json().username as string;
    const after = `${before.slice(0, 20)}-new`;
    await updateProfile(app.ctx.transaction, mover.id, { username: after });
    for (const [from, to] of [
      [`/profile/${before}`, `/profile/${after}`],
      [`/connections/${before}?tab=requests`, `/connections/${after}?tab=requests`],
      [`/hack/${before}/neon-rain`, `/hack/${after}/neon-rain`],
      [`/hack/${before}/view/neon-rain`, `/hack/${after}/view/neon-rain`],
    ]) {
      const res = await app.inject({ url: from });
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location).toBe(to);
    }
    // The current name, an unknown name and other paths are not moved.
    for (const url of [`/profile/${after}`, "/profile/nobody-goes-by-this-name", `/profile/${before}/more`]) {
      expect((await app.inject({ url })).statusCode, url).not.toBe(301);
    }
  });

  it("still sends a visitor without a session from an existing lesson to /login", async () => {
    const res = await app.inject("/courses/neon-basics/first-command");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/login");
  });
});
