import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app.ts";
import { createDatabase, type Database } from "../db/client.ts";
import { multipart, photo, createAuthor, writeBlog } from "../modules/blogs/test-helpers.ts";
import {
  completeLessonApi,
  FIXTURE_DIR,
  importFixtures,
  lessonId,
  prepareLesson,
} from "../modules/learning/test-helpers.ts";
import { give } from "../modules/wallet/ledger/test-helpers.ts";
import { createPostgresDatabase } from "../test/postgres-database.ts";
import { testConfig } from "../test/test-app.ts";
import { createUser, type TestUser } from "../test/users.ts";
import { copyOrder, listTables, type Query, sequences, tablesWithRows } from "./db-catalog.ts";
import { moveToPostgres } from "./db-move.ts";
import { unbalancedBooks } from "./db-verify.ts";
import { moveSummary, runDb } from "./db.ts";

const serverDir = resolve(import.meta.dirname, "../..");
const SECRET = "a-secret-the-old-and-the-new-server-share";
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "neonlab-db-move-"));
  temporary.push(dir);
  return dir;
}

const config = (dir: string) =>
  testConfig({ DATA_DIR: dir, CONTENT_DIR: FIXTURE_DIR, BETTER_AUTH_SECRET: SECRET, S3_BUCKET: "" });

/** The app on `database`; closed (and the database with it) by the returned function. */
async function appOn(database: Database, dir: string): Promise<App> {
  const app = await buildApp({
    config: config(dir),
    database,
    skipMigrations: true,
    jobs: { pollingIntervalSeconds: 0.5 },
  });
  await app.ready();
  return app;
}

const pgQuery =
  (client: pg.Client): Query =>
  (text, values) =>
    client.query(text, values).then((r) => r.rows);

/** What a learner sees of their own account through the API. */
async function learnerView(app: App, user: TestUser) {
  const profile = (await app.inject({ url: "/api/profile", headers: user.headers })).json();
  const shop = (await app.inject({ url: "/api/users/shop", headers: user.headers })).json();
  return { xp: profile.xp, username: profile.username, balance: shop.balance, freezes: shop.freezes };
}

/**
 * An embedded database in a DATA_DIR of its own, filled through the app: a learner who completed a lesson and
 * bought a streak freeze, an author with a blog and its cover image, a hack, a connection request (a notification),
 * the mails of the sign-ups (jobs and the outbox).
 */
async function populatedDataDir() {
  const dir = dataDir();
  const database = createDatabase({ dataDir: dir });
  await database.migrate();
  const app = await appOn(database, dir);
  try {
    await importFixtures(app.ctx);
    const learner = await createUser(app, { displayName: "Lena Learner" });
    const id = await lessonId(app.ctx.db, "neon-basics", "paths");
    await prepareLesson(app, learner, id);
    expect((await completeLessonApi(app, learner, id)).statusCode).toBe(200);
    await give(app.ctx.transaction, learner.id, "neonbits", 600);
    const bought = await app.inject({
      method: "POST",
      url: "/api/users/buy-shop-item",
      headers: learner.headers,
      payload: { item: "streak_freeze" },
    });
    expect(bought.statusCode, bought.body).toBe(200);

    const author = await createAuthor(app, { displayName: "Ada Author" });
    const blog = await writeBlog(app, author);
    const body = multipart([{ name: "cover.png", type: "image/png", bytes: await photo(1200, 800) }]);
    const cover = await app.inject({
      method: "PATCH",
      url: `/api/blogs/${blog.id}/upload-cover`,
      payload: body.payload,
      headers: { ...body.headers, ...author.headers },
    });
    expect(cover.statusCode, cover.body).toBe(200);
    const hack = await app.inject({
      method: "POST",
      url: "/api/hacks",
      headers: author.headers,
      payload: { title: "Neon Clock" },
    });
    expect(hack.statusCode, hack.body).toBe(201);
    const request = await app.inject({
      method: "POST",
      url: `/api/users/connections?friendId=${learner.id}`,
      headers: author.headers,
    });
    expect(request.statusCode, request.body).toBeLessThan(300);
    return {
      dir,
      learner,
      author,
      blogId: blog.id,
      coverSrc: cover.json().cover.src as string,
      before: await learnerView(app, learner),
    };
  } finally {
    await app.close();
    await database.close();
  }
}

describe("db move: what needs no PostgreSQL", () => {
  it("orders tables so referenced rows come first, and defers the keys of a cycle or a self-reference", () => {
    const key = (from: string, to: string, name = `${from}_${to}`) => ({
      name,
      holder: from,
      from,
      to,
      deferrable: false,
    });
    const { order, deferred } = copyOrder(
      ["blog_images", "blogs", "users", "queue", "job"],
      [
        key("blogs", "users"),
        key("blog_images", "users"),
        key("blog_images", "blogs"),
        key("blogs", "blog_images"),
        key("queue", "queue"),
        key("job", "queue"),
      ],
    );
    expect(order.indexOf("users")).toBeLessThan(Math.min(order.indexOf("blogs"), order.indexOf("blog_images")));
    expect(order.indexOf("queue")).toBeLessThan(order.indexOf("job"));
    // One of the cycle's two keys waits for the end of the transaction (either will do), and the queue's to itself.
    const names = deferred.map((k) => k.name);
    expect(names).toContain("queue_queue");
    expect(names.filter((n) => n === "blogs_blog_images" || n === "blog_images_blogs")).toHaveLength(1);
    expect(names).toHaveLength(2);
  });

  it("refuses a missing command, a URL that is not PostgreSQL's, DATABASE_URL set, and a DATA_DIR without a database", async () => {
    const lines: string[] = [];
    const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    expect(await runDb([], output, {})).toBe(1);
    expect(lines.pop()).toMatch(/^Missing command\.\n\nUsage: npm run db -- move --to/);
    expect(await runDb(["move", "--to", "mysql://x/y"], output, {})).toBe(1);
    expect(lines.pop()).toMatch(/^--to must be a PostgreSQL URL/);
    expect(await runDb(["move", "--to", "postgres://h/db"], output, { DATABASE_URL: "postgres://u:pw@h/db" })).toBe(1);
    expect(lines.pop()).toContain("DATABASE_URL is set (postgres://u:***@h/db)");
    const empty = dataDir();
    expect(await runDb(["move", "--to", "postgres://h/db"], output, { DATA_DIR: empty })).toBe(1);
    expect(lines.pop()).toBe(`No embedded database in ${join(empty, "pglite")}: nothing to move (is DATA_DIR right?).`);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "db move to PostgreSQL (needs TEST_DATABASE_URL, the server the target databases are made on; skipped without it)",
  () => {
    let source: Awaited<ReturnType<typeof populatedDataDir>>;
    beforeAll(async () => {
      source = await populatedDataDir();
    }, 180_000);
    const drops: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const drop of drops) await drop();
    });

    it("copies every table into an empty database, keeps ids, sequences and books, and the app runs on it", async () => {
      const target = await createPostgresDatabase();
      drops.push(target.drop);
      const progress: string[] = [];
      // Two rows per statement: every table of more than two rows takes several batches.
      const report = await moveToPostgres({
        dataDir: source.dir,
        to: target.url,
        batchSize: 2,
        progress: (l) => progress.push(l),
      });
      expect(report.users).toBe(2);
      expect(report.unbalancedBefore).toEqual([]);
      const summary = moveSummary(report, {
        location: join(source.dir, "pglite"),
        to: target.url,
        dataDir: source.dir,
        secretSet: true,
      });
      expect(summary.join("\n")).toMatch(/Blog images are NOT in the database: 3 files \(\d+ KB\) stay on this disk/);

      // Row counts and sequences, table by table, read again from both databases.
      const embedded = createDatabase({ dataDir: source.dir });
      const fromEmbedded: Query = (text) => embedded.executeSql(text).then((r) => r.rows);
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      const fromTarget = pgQuery(client);
      try {
        const counts = async (query: Query) => {
          const tables = await listTables(query);
          const out: Record<string, number> = {};
          for (const t of tables) out[t.key] = Number((await query(`select count(*)::int as n from ${t.key}`))[0]?.n);
          return out;
        };
        const expected = await counts(fromEmbedded);
        expect(await counts(fromTarget)).toEqual(expected);
        for (const table of ['"public"."users"', '"public"."ledger"', '"public"."blog_images"', '"pgboss"."job"']) {
          expect(expected[table], table).toBeGreaterThan(0);
        }
        expect(report.tables.filter((t) => t.target > 0).length).toBe(
          Object.values(expected).filter((n) => n > 0).length,
        );
        expect(await sequences(fromTarget)).toEqual(await sequences(fromEmbedded));
        expect(await unbalancedBooks(fromTarget)).toEqual([]);
      } finally {
        await client.end();
        await embedded.close();
      }

      // The app on the target: the moved learner signs in with their password, their old session still works.
      const database = createDatabase({ url: target.url });
      const app = await appOn(database, source.dir);
      try {
        const signIn = await app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          payload: { email: source.learner.email, password: source.learner.password },
        });
        expect(signIn.statusCode, signIn.body).toBe(200);
        const token = signIn.headers["set-auth-token"] as string;
        const fresh = { ...source.learner, headers: { authorization: `Bearer ${token}` } };
        expect(await learnerView(app, fresh)).toEqual(source.before);
        expect(source.before.xp).toBeGreaterThan(0);
        expect(await learnerView(app, source.learner)).toEqual(source.before);
        // The cover stays in DATA_DIR/media, which the new server reads.
        expect((await app.inject(source.coverSrc)).statusCode).toBe(200);
        // New rows take ids after the moved ones.
        const next = await writeBlog(app, source.author, { title: "Written after the move" });
        expect(next.id).toBeGreaterThan(source.blogId);
      } finally {
        await app.close();
        await database.close();
      }
    });

    it("refuses a target that holds a row, with exit code 2, and leaves it as it was", async () => {
      const target = await createPostgresDatabase();
      drops.push(target.drop);
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        await client.query("create table notes (id int primary key, text text)");
        await client.query("insert into notes values (1, 'kept')");
        const state = async () => ({
          rows: await tablesWithRows(pgQuery(client)),
          tables: (await listTables(pgQuery(client))).map((t) => t.key),
          schemas: (await client.query("select nspname from pg_namespace order by 1")).rows,
        });
        const before = await state();
        const cli = spawnSync(process.execPath, ["--import", "tsx", "src/cli/db.ts", "move", "--to", target.url], {
          cwd: serverDir,
          encoding: "utf8",
          env: { ...process.env, DATA_DIR: source.dir, DATABASE_URL: "" },
        });
        expect(cli.status, cli.stderr).toBe(2);
        expect(cli.stderr).toContain("is not empty: public.notes (1 row).");
        expect(cli.stderr).toContain("nothing was changed");
        expect(await state()).toEqual(before);
      } finally {
        await client.end();
      }
    });
  },
);
