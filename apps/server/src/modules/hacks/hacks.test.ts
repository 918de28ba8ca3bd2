import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { HACK_MAX_BYTES, HACK_MAX_FILES } from "@neonlab/shared/schemas/hacks";
import type { App } from "../../app.ts";
import { ConfigError } from "../../config.ts";
import { createTestApp, testConfig } from "../../test/test-app.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { snippet } from "./card.ts";
import { localFileName } from "./preview-bootstrap.ts";
import { buildPreviewSite } from "./preview-site.ts";
import { hacks } from "./schema.ts";

// Hacks (spec §7 POST hacks; product rules "Hacks and projects"; decision 028).

type HackJson = {
  id: number;
  slug: string;
  title: string;
  listed: boolean;
  can_edit: boolean;
  has_environment: boolean;
  live_url: string | null;
  card_url: string;
  files: { name: string; content: string }[];
  forked_from: { username: string; slug: string } | null;
  owner: { username: string };
};

describe("hacks", async () => {
  const app: App = await createTestApp();
  const preview = await buildPreviewSite(app.ctx);
  const alice = await createUser(app, { displayName: "Alice Hacker" });
  const bob = await createUser(app, { displayName: "Bob Builder" });
  const username = async (user: TestUser) =>
    ((await app.inject({ method: "GET", url: "/api/profile", headers: user.headers })).json() as { username: string })
      .username;
  const aliceName = await username(alice);

  const call = (user: TestUser | null, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    app.inject({ method, url, headers: user?.headers ?? {}, payload: payload as object });
  const create = async (user: TestUser, body: object = {}) => {
    const res = await call(user, "POST", "/api/hacks", body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as HackJson;
  };

  it("creates a hack with the three starter files, unlisted, at a slug unique per owner", async () => {
    expect((await call(null, "POST", "/api/hacks", {})).statusCode).toBe(401);
    const first = await create(alice, { title: "Neon Clock" });
    expect(first).toMatchObject({ slug: "neon-clock", listed: false, can_edit: true, has_environment: true });
    expect(first.files.map((f) => f.name)).toEqual(["index.html", "style.css", "script.js"]);
    expect(first.live_url).toBe(`http://127.0.0.1:3001/hack/${aliceName}/view/neon-clock/`);
    const second = await create(alice, { title: "Neon Clock" });
    expect(second.slug).toBe("neon-clock-2");
    // Another owner may use the same slug.
    expect((await create(bob, { title: "Neon Clock" })).slug).toBe("neon-clock");
  });

  it("refuses bad files with a message and changes nothing", async () => {
    const hack = await create(alice, { title: "Strict" });
    const bad: [string, unknown][] = [
      ["path-like name", [{ name: "../x.html", content: "" }]],
      ["folder", [{ name: "a/b.js", content: "" }]],
      ["no extension", [{ name: "Makefile", content: "" }]],
      ["binary", [{ name: "a.js", content: "\u0000\u0001" }]],
      ["too many", Array.from({ length: HACK_MAX_FILES + 1 }, (_, i) => ({ name: `f${i}.js`, content: "" }))],
      ["too big", [{ name: "big.js", content: "x".repeat(HACK_MAX_BYTES + 1) }]],
      [
        "twice",
        [
          { name: "a.js", content: "" },
          { name: "A.js", content: "" },
        ],
      ],
      ["none", []],
      ["not text", [{ name: "a.js", content: 12 }]],
    ];
    for (const [what, files] of bad) {
      const res = await call(alice, "PUT", `/api/hacks/${hack.id}`, { files });
      expect(res.statusCode, what).toBe(400);
      expect((res.json() as { message: string }).message.length, what).toBeGreaterThan(5);
      expect((await call(null, "POST", "/api/hacks", { files })).statusCode, what).toBe(401);
      expect((await call(alice, "POST", "/api/hacks", { files })).statusCode, what).toBe(400);
    }
    const after = (await call(alice, "GET", `/api/hacks/users/${aliceName}/strict`)).json() as HackJson;
    expect(after.files.map((f) => f.name)).toEqual(["index.html", "style.css", "script.js"]);
  });

  it("lets only the owner change or delete it; anyone with the link reads it", async () => {
    const hack = await create(alice, { title: "Mine" });
    // Unlisted: its id is no handle for anyone else, so changing it by id is as missing as an unused id.
    const unused = await call(bob, "PUT", "/api/hacks/999999", { title: "Nope" });
    expect(unused.statusCode).toBe(404);
    const put = await call(bob, "PUT", `/api/hacks/${hack.id}`, { title: "Yours" });
    expect([put.statusCode, put.json()]).toEqual([404, unused.json()]);
    expect((await call(bob, "DELETE", `/api/hacks/${hack.id}`)).statusCode).toBe(404);
    const listed = await create(alice, { title: "Listed", listed: true });
    expect((await call(bob, "PUT", `/api/hacks/${listed.id}`, { title: "Yours" })).statusCode).toBe(403);
    expect((await call(bob, "DELETE", `/api/hacks/${listed.id}`)).statusCode).toBe(403);
    const seen = await call(null, "GET", `/api/hacks/users/${aliceName}/mine`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ title: "Mine", can_edit: false });
    expect(((await call(bob, "GET", `/api/hacks/users/${aliceName}/mine`)).json() as HackJson).can_edit).toBe(false);
    expect((await call(null, "GET", `/api/hacks/users/${aliceName}/nothing-here`)).statusCode).toBe(404);
    expect((await call(null, "GET", "/api/hacks/users/nobody-at-all/mine")).statusCode).toBe(404);
  });

  it("keeps old links working after a rename, until the owner reuses the old slug", async () => {
    const hack = await create(alice, { title: "Before" });
    const renamed = await call(alice, "PUT", `/api/hacks/${hack.id}`, { slug: "after" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const old = (await call(null, "GET", `/api/hacks/users/${aliceName}/before`)).json() as HackJson;
    expect(old).toMatchObject({ id: hack.id, slug: "after" });
    const taken = await create(alice, { title: "Taken" });
    expect((await call(alice, "PUT", `/api/hacks/${taken.id}`, { slug: "after" })).statusCode).toBe(409);
    expect((await call(alice, "PUT", `/api/hacks/${hack.id}`, { slug: "Not A Slug" })).statusCode).toBe(400);
    const reuse = await create(alice, { title: "Before" });
    expect(reuse.slug).toBe("before");
    expect(((await call(null, "GET", `/api/hacks/users/${aliceName}/before`)).json() as HackJson).id).toBe(reuse.id);
    // The live site of an old slug redirects to the new one.
    const live = await preview.inject({ method: "GET", url: `/hack/${aliceName}/view/after/` });
    expect(live.statusCode).toBe(200);
  });

  it("forks with attribution; forking a deleted hack is a 404", async () => {
    const original = await create(alice, { title: "Forkable", listed: true });
    const res = await call(bob, "POST", `/api/hacks/${original.id}/fork`);
    expect(res.statusCode, res.body).toBe(201);
    const fork = res.json() as HackJson;
    expect(fork).toMatchObject({
      can_edit: true,
      listed: false,
      forked_from: { username: aliceName, slug: "forkable" },
    });
    expect(fork.files).toEqual(original.files);
    expect((await call(alice, "DELETE", `/api/hacks/${original.id}`)).statusCode).toBe(200);
    const gone = await call(bob, "POST", `/api/hacks/${original.id}/fork`);
    expect(gone.statusCode).toBe(404);
    expect((gone.json() as { message: string }).message).toMatch(/does not exist/);
    const orphan = (await call(bob, "GET", `/api/hacks/users/${fork.owner.username}/${fork.slug}`)).json() as HackJson;
    expect(orphan.forked_from).toBeNull();
  });

  it("lists own hacks newest first and Explore only the listed ones", async () => {
    const carol = await createUser(app);
    const a = await create(carol, { title: "One" });
    const b = await create(carol, { title: "Two", listed: true });
    const mine = (await call(carol, "GET", "/api/hacks")).json() as { items: HackJson[]; total: number };
    expect(mine.items.map((h) => h.id)).toEqual([b.id, a.id]);
    const explore = (await call(null, "GET", "/api/hacks/explore")).json() as { items: HackJson[] };
    expect(explore.items.some((h) => h.id === b.id)).toBe(true);
    expect(explore.items.some((h) => h.id === a.id)).toBe(false);
    expect((await call(null, "GET", "/api/hacks/explore?page=0")).statusCode).toBe(400);
  });

  it("serves live sites and the bootstrap page on the preview site, sandboxed, without cookies", async () => {
    const hack = await create(alice, { title: "Live" });
    const index = await preview.inject({ method: "GET", url: `/hack/${aliceName}/view/live/` });
    expect(index.statusCode).toBe(200);
    expect(index.headers["content-type"]).toBe("text/html; charset=utf-8");
    const css = await preview.inject({ method: "GET", url: `/hack/${aliceName}/view/live/style.css` });
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    const bare = await preview.inject({ method: "GET", url: `/hack/${aliceName}/view/live` });
    expect(bare.statusCode).toBe(301);
    const boot = await preview.inject({ method: "GET", url: "/bootstrap" });
    expect(boot.body).toContain('"http://localhost:3000"');
    for (const res of [index, css, bare, boot]) {
      const policy = String(res.headers["content-security-policy"]);
      expect(policy).toMatch(/^sandbox allow-scripts/);
      expect(policy).not.toContain("allow-same-origin");
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    // No page without an index.html; nothing outside the hack's files.
    await call(alice, "PUT", `/api/hacks/${hack.id}`, { files: [{ name: "notes.md", content: "# hi" }] });
    const none = await preview.inject({ method: "GET", url: `/hack/${aliceName}/view/live/` });
    expect(none.statusCode).toBe(404);
    expect(none.headers["content-security-policy"]).toMatch(/^sandbox/);
    expect((await preview.inject({ method: "GET", url: "/api/profile" })).statusCode).toBe(404);
    expect((await preview.inject({ method: "GET", url: `/hack/${aliceName}/view/live/../../x` })).statusCode).toBe(404);
    // The app's pages may frame the preview site, and nothing else.
    const page = await app.inject({ method: "GET", url: "/api/hacks/sandbox" });
    expect(page.json()).toEqual({ origin: "http://127.0.0.1:3001", bootstrap_url: "http://127.0.0.1:3001/bootstrap" });
  });

  it("renders a PNG preview card, the same bytes for the same version", async () => {
    const hack = await create(alice, { title: "Card <script>alert(1)</script>" });
    const cardPath = `/api/hacks/users/${aliceName}/${hack.slug}/card.png`;
    const first = await call(null, "GET", cardPath);
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    expect(first.headers["content-type"]).toBe("image/png");
    expect(first.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    expect(first.rawPayload.length).toBeGreaterThan(10_000);
    const again = await call(null, "GET", cardPath);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await call(null, "GET", "/api/hacks/999999/card.png")).statusCode).toBe(404);
    expect(snippet([{ name: "index.html", content: `a\n\n\n\nb\n${"x".repeat(100)}` }]).lines).toEqual([
      "a",
      "",
      "b",
      `${"x".repeat(69)}…`,
    ]);
  });

  it("deletes the user's hacks with the account", async () => {
    const dave = await createUser(app);
    await create(dave, { title: "Goes away" });
    const deleted = await call(dave, "DELETE", "/api/users", { password: dave.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await app.ctx.db.select({ id: hacks.id }).from(hacks).where(eq(hacks.ownerId, dave.id));
    expect(left).toEqual([]);
  });

  it("finds the hack's own files in a page's references", () => {
    expect(localFileName("style.css")).toBe("style.css");
    expect(localFileName("./Style.css?v=2")).toBe("style.css");
    expect(localFileName("https://cdn.example/x.js")).toBeNull();
    expect(localFileName("//cdn.example/x.js")).toBeNull();
    expect(localFileName("data:text/css,x")).toBeNull();
  });
});

describe("the preview origin", () => {
  it("is another host name than the app's, derived on a loopback install", () => {
    expect(testConfig({ PUBLIC_URL: "http://localhost:3220", PORT: "3220" })).toMatchObject({
      previewOrigin: "http://127.0.0.1:3221",
      previewPort: 3221,
    });
    expect(testConfig({ PUBLIC_URL: "http://127.0.0.1:3000", PREVIEW_PORT: "4000" }).previewOrigin).toBe(
      "http://localhost:4000",
    );
    expect(testConfig({ PREVIEW_ORIGIN: "https://neonlab-preview.example" }).previewOrigin).toBe(
      "https://neonlab-preview.example",
    );
    expect(() => testConfig({ PUBLIC_URL: "http://localhost:3000", PREVIEW_ORIGIN: "http://localhost:3001" })).toThrow(
      ConfigError,
    );
    expect(() =>
      testConfig({ NODE_ENV: "production", PUBLIC_URL: "https://neonlab.example", BETTER_AUTH_SECRET: "x".repeat(40) }),
    ).toThrow(/PREVIEW_ORIGIN/);
  });
});
