import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app.ts";
import { NO_SIGN_IN_MESSAGE } from "../auth/auth.ts";
import { moveToPostgres } from "../cli/db-move.ts";
import { loadConfig } from "../config.ts";
import { createDatabase } from "../db/client.ts";
import { createAuthor, publishedBlog } from "../modules/blogs/test-helpers.ts";
import { sessions, users } from "../modules/identity/accounts/schema.ts";
import { notifications } from "../modules/notifications/schema.ts";
import { createPostgresDatabase } from "../test/postgres-database.ts";
import { createTestApp, testConfig } from "../test/test-app.ts";
import { createUser, waitForCode } from "../test/users.ts";
import { DEMO_COVER_MAX_BYTES, loadDemoFiles } from "./files.ts";
import { demoRows, readMarker } from "./marker.ts";
import { demoDir, seedDemoContentOnStart } from "./on-start.ts";
import { removeDemoContent, seedDemoContent } from "./seed.ts";

const REPO_CONTENT = resolve(import.meta.dirname, "../../../../content");
const DEMO_EMAIL = "team@demo.neonlab.invalid";
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "neonlab-demo-"));
  temporary.push(dir);
  return dir;
};

/** What a visitor's pages read: the blog list, Hacks → Explore and the giveaway. */
async function community(app: App) {
  const blogs = (await app.inject({ url: "/api/blogs" })).json();
  const hacks = (await app.inject({ url: "/api/hacks/explore" })).json();
  const giveaway = (await app.inject({ url: "/api/giveaway" })).json();
  return { blogs, hacks, round: giveaway.current };
}

const demoAccounts = async (app: App) =>
  app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));

/** The app as server.ts starts it, with this configuration (the seeding reads only `ctx` and `log`). */
const startedWith = (app: App, env: Record<string, string>) =>
  ({ ctx: { ...app.ctx, config: { ...app.ctx.config, ...loadConfigFor(env) } }, log: app.log }) as unknown as App;
const loadConfigFor = (env: Record<string, string>) => {
  const { demoContent, isProduction, NODE_ENV } = loadConfig({
    PUBLIC_URL: "http://localhost:3000",
    BETTER_AUTH_SECRET: "a-secret-of-at-least-thirty-two-characters",
    ...env,
  });
  return { demoContent, isProduction, NODE_ENV };
};

describe("the demo content's files", () => {
  it("are valid, with small covers, 3+ blogs and 3+ hacks", () => {
    const { files, problems } = loadDemoFiles(demoDir({ CONTENT_DIR: REPO_CONTENT }));
    expect(problems).toEqual([]);
    expect(files!.blogs.length).toBeGreaterThanOrEqual(3);
    expect(files!.hacks.length).toBeGreaterThanOrEqual(3);
    for (const blog of files!.blogs) expect(blog.cover.bytes.length).toBeLessThan(60 * 1024);
    expect(DEMO_COVER_MAX_BYTES).toBeGreaterThan(60 * 1024);
    expect(files!.account.email).toBe(DEMO_EMAIL);
  });

  it("name every problem and are refused as a whole", () => {
    const dir = tempDir();
    cpSync(demoDir({ CONTENT_DIR: REPO_CONTENT }), dir, { recursive: true });
    writeFileSync(join(dir, "hacks", "glitch-text", "evil.exe"), "MZ");
    writeFileSync(join(dir, "demo.yaml"), "account:\n  name: X\n");
    const { files, problems } = loadDemoFiles(dir);
    expect(files).toBeNull();
    const where = problems.map((p) => `${p.file}: ${p.field}`);
    expect(where).toContain("demo.yaml: account.username");
    expect(where).toContain("demo.yaml: giveaway");
    expect(problems.some((p) => p.file === join("hacks", "glitch-text") && p.message.includes("evil.exe"))).toBe(true);
  });
});

describe("seeding on a start", () => {
  it("is not done by the test app factory, nor by DEMO_CONTENT=false, nor in production", async () => {
    const app = await createTestApp({ env: { DATA_DIR: tempDir() } });
    expect(app.ctx.config.demoContent).toBe(false);
    expect(testConfig().demoContent).toBe(false);
    await seedDemoContentOnStart(app);
    await seedDemoContentOnStart(startedWith(app, { NODE_ENV: "development", DEMO_CONTENT: "false" }));
    // Production never seeds, whatever DEMO_CONTENT says.
    const production = startedWith(app, { NODE_ENV: "production", DEMO_CONTENT: "true" });
    expect(production.ctx.config.demoContent).toBe(false);
    await seedDemoContentOnStart(production);
    const { blogs, hacks, round } = await community(app);
    expect([blogs.total, hacks.total, round]).toEqual([0, 0, null]);
    expect(await readMarker(app.ctx.db)).toBeNull();
    expect(await demoRows(app.ctx.db)).toEqual([]);
    // Outside production it is on unless DEMO_CONTENT=false.
    expect(loadConfigFor({ NODE_ENV: "development" }).demoContent).toBe(true);
  });

  it("seeds once per database: the NeonLab Team's approved blogs with covers, public hacks, an open round; nobody signs in to the team", async () => {
    const app = await createTestApp({ env: { DEMO_CONTENT: "true", DATA_DIR: tempDir() } });
    const started = performance.now();
    // Two instances starting on one database at once: one seeds.
    await Promise.all([seedDemoContentOnStart(app), seedDemoContentOnStart(app)]);
    const ms = performance.now() - started;
    const { blogs, hacks, round } = await community(app);

    expect(blogs.total).toBe(3);
    // Newest first, in the folders' order: the welcome post on top.
    const { files } = loadDemoFiles(demoDir(app.ctx.config));
    expect(blogs.items.map((b: { title: string }) => b.title)).toEqual(files!.blogs.map((b) => b.title));
    for (const blog of blogs.items) {
      expect(blog.author).toMatchObject({ display_name: "NeonLab Team", username: "neonlab-team" });
      expect(blog.cover.srcset).toMatch(/480w/);
      const cover = await app.inject({ url: blog.cover.src });
      expect(cover.statusCode).toBe(200);
      expect(cover.headers["content-type"]).toBe("image/webp");
    }
    const page = (await app.inject({ url: `/api/blogs/slug/${blogs.items[0].slug}` })).json();
    expect(page.contentHtml).toContain("Demo content");

    expect(hacks.total).toBe(3);
    for (const hack of hacks.items) {
      expect(hack.owner.username).toBe("neonlab-team");
      expect(hack.listed).toBe(true);
      expect(hack.has_environment).toBe(true);
    }

    expect(round).toMatchObject({ title: "Weekly NeonBits giveaway", prize: 250, winners: 3, repeatDays: 7 });
    const now = Date.now();
    expect(Date.parse(round.startsAt)).toBeLessThanOrEqual(now);
    expect(Date.parse(round.endsAt) - now).toBeGreaterThan(6.9 * 86_400_000);

    const profile = (await app.inject({ url: "/api/profiles/neonlab-team" })).json();
    expect(profile.bio).toMatch(/^Demo account\./);
    expect(await demoAccounts(app)).toHaveLength(1);
    const rows = await demoRows(app.ctx.db);
    expect(rows.map((r) => r.kind).sort()).toEqual([
      "account",
      "blog",
      "blog",
      "blog",
      "giveaway-round",
      "hack",
      "hack",
      "hack",
    ]);
    expect(await readMarker(app.ctx.db)).toMatchObject({ removedAt: null });
    // Its approval told nobody: the demo account's notifications are paused, and no staff exists here.
    expect(await app.ctx.db.select().from(notifications)).toEqual([]);
    expect(ms).toBeLessThan(10_000);

    // A later start finds the marker: nothing more.
    await seedDemoContentOnStart(app);
    expect((await community(app)).blogs.total).toBe(3);
    expect(await demoRows(app.ctx.db)).toHaveLength(rows.length);

    // Nobody can sign in to the NeonLab Team account: it has no password, and a mailed code is refused a session.
    const password = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: DEMO_EMAIL, password: "any-password-1234" },
    });
    expect(password.statusCode).toBe(401);
    const send = await app.inject({
      method: "POST",
      url: "/api/auth/email-otp/send-verification-otp",
      payload: { email: DEMO_EMAIL, type: "sign-in" },
    });
    expect(send.statusCode, send.body).toBe(200);
    const otp = await waitForCode(app, DEMO_EMAIL);
    const signIn = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email-otp",
      payload: { email: DEMO_EMAIL, otp },
    });
    expect(signIn.statusCode, signIn.body).toBe(403);
    expect(signIn.json().message).toBe(NO_SIGN_IN_MESSAGE);
    expect(signIn.headers["set-auth-token"]).toBeUndefined();
    const [account] = await demoAccounts(app);
    expect(await app.ctx.db.select().from(sessions).where(eq(sessions.userId, account!.id))).toEqual([]);
  });

  it("undoes a seeding that failed part-way, and the next start tries again", async () => {
    const content = tempDir();
    cpSync(demoDir({ CONTENT_DIR: REPO_CONTENT }), join(content, "demo"), { recursive: true });
    // The files pass their checks, but this cover is no image: its upload fails after the account and a blog exist.
    writeFileSync(join(content, "demo", "blogs", "03-type-narrowing-with-a-traffic-light", "cover.webp"), "RIFF nope");
    const app = await createTestApp({ env: { DEMO_CONTENT: "true", DATA_DIR: tempDir(), CONTENT_DIR: content } });
    await seedDemoContentOnStart(app);
    expect(await demoAccounts(app)).toHaveLength(0);
    expect((await community(app)).blogs.total).toBe(0);
    expect(await demoRows(app.ctx.db)).toEqual([]);
    expect(await readMarker(app.ctx.db)).toBeNull();
    // The cover mended, the next start seeds it all.
    cpSync(
      join(demoDir({ CONTENT_DIR: REPO_CONTENT }), "blogs", "03-type-narrowing-with-a-traffic-light", "cover.webp"),
      join(content, "demo", "blogs", "03-type-narrowing-with-a-traffic-light", "cover.webp"),
    );
    await seedDemoContentOnStart(app);
    expect(await demoAccounts(app)).toHaveLength(1);
    expect((await community(app)).blogs.total).toBe(3);
  });
});

describe("removing the demo content", () => {
  it("drops exactly the demo rows and their images; users' own content stays; no start seeds it again", async () => {
    const dataDir = tempDir();
    const app = await createTestApp({ env: { DEMO_CONTENT: "true", DATA_DIR: dataDir } });
    await seedDemoContentOnStart(app);
    const before = await community(app);
    const demoBlog = before.blogs.items[0];
    const demoHack = before.hacks.items[0];
    const coverFile = join(dataDir, "media", "blogs", demoBlog.cover.src.split("/").pop());
    expect(existsSync(coverFile)).toBe(true);

    // A user's own blog and hack, a fork of a demo hack, a vote on a demo blog, an entry in the demo round.
    const moderator = await createAuthor(app, { displayName: "Mo Derator", moderator: true });
    const author = await createAuthor(app, { displayName: "Ada Author" });
    const own = await publishedBlog(app, author, moderator, { title: "My own blog about CSS grids" });
    const as = (user: { headers: Record<string, string> }, method: "POST" | "PUT", url: string, payload?: object) =>
      app.inject({ method, url, headers: user.headers, payload });
    const hack = await as(author, "POST", "/api/hacks", { title: "My own hack", listed: true });
    expect(hack.statusCode, hack.body).toBe(201);
    const fork = await as(author, "POST", `/api/hacks/${demoHack.id}/fork`);
    expect(fork.statusCode, fork.body).toBe(201);
    expect((await as(author, "POST", `/api/blogs/${demoBlog.id}/vote?type=up`)).statusCode).toBe(200);
    const learner = await createUser(app);
    expect((await as(learner, "POST", "/api/giveaway/enter")).statusCode).toBe(200);

    const removed = await removeDemoContent(app.ctx);
    expect(removed).toEqual({ accounts: 1, blogs: 3, hacks: 3, rounds: 1 });
    const after = await community(app);
    expect(after.blogs.items.map((b: { id: number }) => b.id)).toEqual([own.id]);
    expect(after.hacks.items.map((h: { title: string }) => h.title).sort()).toEqual(["My own hack"]);
    const mine = (await app.inject({ url: "/api/hacks?page=1", headers: author.headers })).json();
    expect(mine.items.map((h: { title: string }) => h.title).sort()).toEqual(["My own hack", demoHack.title]);
    expect(after.round).toBeNull();
    expect(await demoAccounts(app)).toHaveLength(0);
    expect(existsSync(coverFile)).toBe(false);
    expect(await demoRows(app.ctx.db)).toEqual([]);
    for (const user of [author, moderator, learner])
      expect((await app.inject({ url: "/api/profile", headers: user.headers })).statusCode).toBe(200);

    // Removed is remembered: a start does not bring it back.
    expect(await readMarker(app.ctx.db)).toMatchObject({ removedAt: expect.any(String) });
    await seedDemoContentOnStart(app);
    expect((await community(app)).blogs.total).toBe(1);

    // `npm run content -- demo` adds it again on purpose (the CLI's path: seedDemoContent with the files).
    const { files } = loadDemoFiles(demoDir(app.ctx.config));
    await seedDemoContent(app.ctx, files!);
    const again = await community(app);
    expect([again.blogs.total, again.hacks.total, again.round?.title]).toEqual([4, 4, "Weekly NeonBits giveaway"]);
    expect(await readMarker(app.ctx.db)).toMatchObject({ removedAt: null });
  });

  it("also takes the rounds the demo round's draws opened, and keeps drawn ones (their winners were paid)", async () => {
    const app = await createTestApp({ env: { DEMO_CONTENT: "true", DATA_DIR: tempDir() } });
    await seedDemoContentOnStart(app);
    const { drawRound } = await import("../modules/shop/giveaway/draw.ts");
    const learner = await createUser(app);
    expect(
      (await app.inject({ method: "POST", url: "/api/giveaway/enter", headers: learner.headers })).statusCode,
    ).toBe(200);
    const [{ ref }] = (await demoRows(app.ctx.db)).filter((r) => r.kind === "giveaway-round");
    // The week is over: the draw pays the learner and opens next week's round.
    const later = new Date(Date.now() + 8 * 86_400_000);
    await app.ctx.db.execute(
      sql`update giveaway_rounds set starts_at = now() - interval '7 days', ends_at = now() - interval '1 second' where id = ${ref}`,
    );
    expect(await drawRound(app.ctx.transaction, Number(ref), later)).toBe("drawn");
    const next = (await app.inject({ url: "/api/giveaway" })).json().current;
    expect(next.id).not.toBe(Number(ref));

    const removed = await removeDemoContent(app.ctx);
    expect(removed.rounds).toBe(1);
    expect((await app.inject({ url: "/api/giveaway" })).json().current).toBeNull();
    const past = (await app.inject({ url: "/api/giveaway/rounds" })).json().rounds;
    expect(past.map((r: { id: number }) => r.id)).toEqual([Number(ref)]);
    expect(past[0].winnerList).toHaveLength(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a moved database", () => {
  it("keeps the marker and the demo rows: its first start on PostgreSQL seeds nothing", async () => {
    const dir = tempDir();
    const config = testConfig({ DATA_DIR: dir, DEMO_CONTENT: "true", S3_BUCKET: "" });
    const source = createDatabase({ dataDir: dir });
    await source.migrate();
    let app = await buildApp({ config, database: source, skipMigrations: true });
    await app.ready();
    await seedDemoContentOnStart(app);
    const seeded = await demoRows(app.ctx.db);
    await app.close();
    await source.close();

    const target = await createPostgresDatabase();
    try {
      await moveToPostgres({ dataDir: dir, to: target.url });
      const database = createDatabase({ url: target.url });
      await database.migrate();
      app = await buildApp({ config: { ...config, DATABASE_URL: target.url }, database, skipMigrations: true });
      await app.ready();
      try {
        expect(await readMarker(app.ctx.db)).toMatchObject({ removedAt: null });
        await seedDemoContentOnStart(app);
        expect(await demoAccounts(app)).toHaveLength(1);
        expect((await demoRows(app.ctx.db)).length).toBe(seeded.length);
        expect((await community(app)).blogs.total).toBe(3);
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await target.drop();
    }
    // Two databases and two app starts: ~15 s on a quiet machine, more than 30 s on a busy CI one.
  }, 120_000);
});
