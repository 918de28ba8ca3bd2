// `npm run bench -- scale`: p95 latency of the rank and the newest-first lists (the ledger, activities,
// the giveaway's past winners, notifications, the report queues, connections, due review cards) at 10k, 100k
// and 1M rows, and a classroom's dashboard of 500 members × 40 lessons beside them.
// Seeds a fresh PostgreSQL database with generate_series SQL (not the API), then measures through the
// real app's HTTP routes (app.inject) for a real signed-in user, many sequential samples per route.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { EDITOR_DEFAULTS } from "@neonlab/shared/constants";
import { rankSchema } from "@neonlab/shared/schemas/progress";
import pg from "pg";
import { type App, buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { createDatabase } from "../apps/server/src/db/client.ts";
import * as community from "./scale-community.ts";
import * as blogs from "./scale-blogs.ts";
import * as notif from "./scale-notifications.ts";
import * as review from "./scale-review.ts";
import * as classrooms from "./scale-classrooms.ts";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const sizes = (process.env.BENCH_SCALE_SIZES ?? "10000,100000,1000000").split(",").map(Number);
const samples = Number(process.env.BENCH_SCALE_SAMPLES ?? 300);
const warmup = Number(process.env.BENCH_SCALE_WARMUP ?? 30);
const TARGET_MS = 20;
const DB_NAME = "neonlab_bench_scale";
/** The signed-in user: XP near the median, and a long history in every list. */
const ME = "scale-me";
const ME_XP = 2500;
const ME_ROWS = 2000;

/** `perCaller`: a route with a per-address rate limit, each sample sent from an address of its own. */
type Route = { id: string; url: string; signedIn: boolean; perCaller?: boolean };
const DEEP_PAGE = "ledger page 11 (keyset, 100)";
const routes: Route[] = [
  { id: "floor: /api/health", url: "/api/health", signedIn: false },
  { id: "rank all-time page", url: "/api/rank?period=all", signedIn: false },
  { id: "rank this-week page", url: "/api/rank?period=week", signedIn: false },
  { id: "own rank all-time (page + me)", url: "/api/rank?period=all", signedIn: true },
  { id: "own rank this week (page + me)", url: "/api/rank?period=week", signedIn: true },
  { id: "activities (newest 3)", url: "/api/users/activities", signedIn: true },
  { id: "ledger newest 100", url: "/api/users/ledger?limit=100", signedIn: true },
  // Its url gets the `before` cursor of entry 1,000 once the data is seeded.
  { id: DEEP_PAGE, url: "/api/users/ledger?limit=100", signedIn: true },
  ...notif.NOTIFICATION_ROUTES,
  { id: notif.NOTIFICATIONS_DEEP, url: "/api/notifications", signedIn: true },
  { id: "giveaway past winners (10)", url: "/api/giveaway/rounds?limit=10", signedIn: false },
  ...community.COMMUNITY_ROUTES,
  // Their urls get the cursors of page 11 once the data is seeded.
  { id: community.REPORTS_DEEP, url: "/api/users/reports?status=open", signedIn: true },
  { id: community.CONNECTIONS_FIRST, url: `/api/users/connections/${ME}`, signedIn: true },
  { id: community.CONNECTIONS_DEEP, url: `/api/users/connections/${ME}`, signedIn: true },
  ...community.SEARCH_ROUTES,
  ...blogs.BLOG_ROUTES,
  ...review.REVIEW_ROUTES,
  ...classrooms.CLASSROOM_ROUTES,
];

/** Walks the ledger 100 at a time to entry 1,000 and points the deep-page route at the page after it. */
async function pointDeepPage(app: App, token: string) {
  let before = "";
  for (let page = 0; page < 10; page++) {
    const res = await app.inject({
      url: `/api/users/ledger?limit=100${before ? `&before=${before}` : ""}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const next = res.json().next as string | null;
    if (!next) throw new Error("the signed-in user's ledger is shorter than 1,000 entries");
    before = next;
  }
  routes.find((r) => r.id === DEEP_PAGE)!.url = `/api/users/ledger?limit=100&before=${before}`;
}

type Stat = { p50: number; p95: number; p99: number; max: number };
type SizeResult = { size: number; seedSeconds: number; routes: Record<string, Stat> };

async function createBenchDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

async function dropBenchDatabase() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.end();
}

// A deterministic number in [0, 1) per (row, salt), so every run seeds the same data.
const rnd = (g: string, salt: number) => `((hashint4(${g} + ${salt}) & 2147483647)::float8 / 2147483648.0)`;
const weekStartSql = `date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'`;
/** One row in 8 falls in this week (since Monday 00:00 UTC), the rest in the 12 weeks before. */
const olderTime = (g: string) => `${weekStartSql} - interval '84 days' * ${rnd(g, 3)} - interval '1 second'`;
const eventTime = (g: string) =>
  `case when ${g} % 8 = 0 then ${weekStartSql} + (now() - ${weekStartSql}) * ${rnd(g, 3)} else ${olderTime(g)} end`;

/** Users from..to (profiles with XP: 20% none, the rest skewed towards little) and N rows per history table. */
async function seedRange(client: pg.Client, from: number, to: number) {
  const series = `generate_series(${from}, ${to}) g`;
  const owner = `'scale-' || (1 + (hashint4(g + 7) & 2147483647) % ${to})`;
  const editor = JSON.stringify(EDITOR_DEFAULTS).replaceAll("'", "''");
  const xp = `case when ${rnd("g", 1)} < 0.2 then 0 else (floor(power((${rnd("g", 1)} - 0.2) / 0.8, 3) * 10000) * 5)::int end`;
  await client.query(`insert into users (id, name, email, email_verified)
    select 'scale-' || g, 'Scale ' || g, 'scale-' || g || '@bench.test', true from ${series}`);
  await client.query(`insert into profiles (id, display_name, username, editor_preferences, xp)
    select 'scale-' || g, 'Scale ' || g, 'scale-' || g, '${editor}'::jsonb, ${xp} from ${series}`);
  await client.query(`insert into ledger (user_id, kind, amount, reason, reference, description, created_at)
    select ${owner}, 'xp', 10 + (g % 5) * 5, 'lesson_completed', 'bench:' || g, 'Completed lesson: Bench ' || g, ${eventTime("g")}
    from ${series}`);
  await client.query(`insert into ledger (user_id, kind, amount, reason, reference, description, created_at)
    select ${owner}, 'neonbits', 20, 'chapter_completed', 'bench:' || g, 'Completed chapter: Bench ' || g, ${eventTime("g")}
    from ${series}`);
  await client.query(`insert into user_activities (user_id, kind, title, link, created_at)
    select ${owner}, 'lesson_completed', 'Completed the lesson Bench ' || g, '/courses/bench/lesson-' || g, ${eventTime("g")}
    from ${series}`);
  await client.query(`insert into ledger (user_id, kind, amount, reason, reference, description, created_at)
    select ${owner}, 'streak', 1, 'streak_extended', 'bench:' || g, 'Streak extended', ${eventTime("g")} from ${series}`);
  await notif.seedNotificationRange(client, from, to);
  await community.seedCommunityRange(client, from, to);
  await blogs.seedBlogRange(client, from, to, to);
  await review.seedReviewRange(client, from, to);
  // Giveaway rounds: one drawn round per 100 rows, each with 3 winners (the past winners list).
  await client.query(`insert into giveaway_rounds (id, title, prize, winners, starts_at, ends_at, seed, seed_hash,
      entries_hash, entry_count, drawn_at)
    select g, 'Bench round ' || g, 100, 3, now() - interval '1 hour' * g - interval '7 days', now() - interval '1 hour' * g,
      md5(g::text), encode(sha256(md5(g::text)::bytea), 'hex'), md5('entries' || g), 50, now() - interval '1 hour' * g
    from ${series} where g % 100 = 0`);
  await client.query(`insert into giveaway_winners (round_id, position, ticket, user_id)
    select r.id, p, substr(md5(r.id || ':' || p), 1, 16), 'scale-' || (1 + (hashint4(r.id * 3 + p) & 2147483647) % ${to})
    from giveaway_rounds r, generate_series(1, 3) p where r.id between ${from} and ${to}`);
}

/** The signed-in user with a session and ME_ROWS rows in each list. */
async function seedMe(client: pg.Client): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  const editor = JSON.stringify(EDITOR_DEFAULTS);
  await client.query(
    `insert into users (id, name, email, email_verified) values ($1, 'Scale Me', 'me@bench.test', true)`,
    [ME],
  );
  await client.query(
    `insert into profiles (id, display_name, username, editor_preferences, xp) values ($1, 'Scale Me', $1, $2::jsonb, $3)`,
    [ME, editor, ME_XP],
  );
  await client.query(
    `insert into sessions (id, token, user_id, expires_at) values ('scale-me-session', $1, $2, now() + interval '1 day')`,
    [token, ME],
  );
  const series = `generate_series(1, ${ME_ROWS}) g`;
  // Two rows this week (about a median week), the rest spread over the 12 weeks before.
  const eventTime = (g: string) =>
    `case when ${g} <= 2 then now() - interval '1 minute' * ${g} else ${olderTime(g)} end`;
  await client.query(`insert into ledger (user_id, kind, amount, reason, reference, description, created_at)
    select '${ME}', 'xp', 10, 'lesson_completed', 'me:' || g, 'Completed lesson: Mine ' || g, ${eventTime("g")} from ${series}`);
  await client.query(`insert into ledger (user_id, kind, amount, reason, reference, description, created_at)
    select '${ME}', 'neonbits', 20, 'chapter_completed', 'me:' || g, 'Completed chapter: Mine ' || g, ${eventTime("g")} from ${series}`);
  await client.query(`insert into user_activities (user_id, kind, title, link, created_at)
    select '${ME}', 'lesson_completed', 'Completed the lesson Mine ' || g, null, ${eventTime("g")} from ${series}`);
  await client.query(`insert into ledger (user_id, kind, amount, reason, reference, description, created_at)
    select '${ME}', 'streak', 1, 'streak_extended', 'me:' || g, 'Streak extended', ${eventTime("g")} from ${series}`);
  await notif.seedOwnNotifications(client, ME, ME_ROWS);
  await community.seedOwnCommunity(client, ME, ME_ROWS);
  await review.seedOwnReview(client, ME);
  await classrooms.seedClassroom(client, ME);
  return token;
}

/**
 * Bulk loads skip triggers (foreign keys and the rank aggregates' upkeep), so the aggregates the
 * triggers keep are rebuilt from scratch afterwards, the same way the migration backfills them.
 */
async function rebuildAggregates(client: pg.Client) {
  const has = async (table: string) =>
    (await client.query("select to_regclass($1) is not null as ok", [table])).rows[0].ok as boolean;
  if (await has("notification_counters")) await notif.rebuildNotificationCounters(client);
  if (await has("blogs")) await blogs.fixBlogSequence(client);
  if (await has("xp_weekly")) {
    await client.query("truncate xp_weekly");
    await client.query(`insert into xp_weekly (user_id, week_start, xp)
      select user_id, (date_trunc('week', created_at at time zone 'UTC'))::date, sum(amount)::int
      from ledger where kind = 'xp' group by 1, 2`);
  }
  // Running totals are the ledger's sums (decision 007).
  await client.query("truncate ledger_balances");
  await client.query(`insert into ledger_balances (user_id, kind, balance)
    select user_id, kind, sum(amount)::int from ledger where kind in ('neonbits', 'streak_freeze') group by 1, 2`);
  if (await has("xp_totals_histogram")) {
    await client.query("truncate xp_totals_histogram");
    await client.query(`insert into xp_totals_histogram (xp, users)
      select xp, count(*)::int from profiles where xp > 0 group by xp`);
  }
  if (await has("xp_weekly_histogram")) {
    await client.query("truncate xp_weekly_histogram");
    await client.query(`insert into xp_weekly_histogram (week_start, xp, users)
      select week_start, xp, count(*)::int from xp_weekly where xp > 0 group by 1, 2`);
  }
}

/** Tables the seed bulk-loads; their secondary indexes are dropped for the load and rebuilt after. */
const BULK_TABLES = [
  "users",
  "profiles",
  "ledger",
  "ledger_balances",
  "giveaway_rounds",
  "giveaway_winners",
  "user_activities",
  "xp_weekly",
  "xp_totals_histogram",
  "xp_weekly_histogram",
  "notifications",
  ...community.COMMUNITY_TABLES,
  "blogs",
];

/**
 * The usual bulk-load recipe: drop unique constraints and secondary indexes (primary keys stay: foreign
 * keys need them), insert, then build them again from their own definitions, which is much faster
 * than keeping millions of random-order index entries up to date row by row.
 */
async function withoutSecondaryIndexes(client: pg.Client, load: () => Promise<void>) {
  const constraints = (
    await client.query<{ table: string; name: string; def: string }>(
      `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def
       from pg_constraint where contype = 'u' and conrelid::regclass::text = any($1)`,
      [BULK_TABLES],
    )
  ).rows;
  const indexes = (
    await client.query<{ name: string; def: string }>(
      `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def from pg_index i
       where indrelid::regclass::text = any($1) and not indisprimary
         and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
      [BULK_TABLES],
    )
  ).rows;
  for (const c of constraints) await client.query(`alter table ${c.table} drop constraint "${c.name}"`);
  for (const i of indexes) await client.query(`drop index ${i.name}`);
  await load();
  for (const c of constraints) await client.query(`alter table ${c.table} add constraint "${c.name}" ${c.def}`);
  for (const i of indexes) await client.query(i.def);
}

async function seedTo(url: string, from: number, to: number, withMe: boolean): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const steps: string[] = [];
  let mark = performance.now();
  const step = (label: string) => {
    const now = performance.now();
    steps.push(`${label} ${((now - mark) / 1000).toFixed(1)} s`);
    mark = now;
  };
  try {
    // Needs a superuser (the default URL's postgres): skips foreign-key checks and the aggregate triggers.
    await client.query("set session_replication_role = replica");
    await client.query("set synchronous_commit = off");
    await client.query("set maintenance_work_mem = '256MB'");
    let token: string | null = null;
    if (withMe) await review.seedReviewContent(client);
    await withoutSecondaryIndexes(client, async () => {
      for (let start = from; start <= to; start += 250_000) {
        await seedRange(client, start, Math.min(to, start + 249_999));
      }
      if (withMe) token = await seedMe(client);
      step("rows");
      await rebuildAggregates(client);
      step("aggregates");
    });
    step("indexes");
    await client.query("set session_replication_role = origin");
    await client.query("vacuum analyze");
    step("vacuum");
    console.log(`  seed: ${steps.join(", ")}`);
    return token;
  } finally {
    await client.end();
  }
}

function stat(values: number[]): Stat {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(2));
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

/**
 * Sequential requests, the routes taken in turn (one sample of each, then the next round), so a burst
 * of load from elsewhere on the machine hits every route alike instead of one route's whole series.
 */
async function measureRoutes(app: App, token: string): Promise<Record<string, Stat>> {
  const times = new Map<string, number[]>(routes.map((r) => [r.id, []]));
  for (let i = 0; i < warmup + samples; i++) {
    for (const route of routes) {
      const headers = route.signedIn ? { authorization: `Bearer ${token}` } : {};
      const remoteAddress = route.perCaller ? `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` : undefined;
      const started = performance.now();
      const res = await app.inject({ method: "GET", url: route.url, headers, remoteAddress });
      const took = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${route.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (i >= warmup) times.get(route.id)!.push(took);
    }
  }
  return Object.fromEntries(routes.map((r) => [r.id, stat(times.get(r.id)!)]));
}

/** The app's own rank must equal a brute-force count, or the fast path is wrong. */
async function checkOwnRank(app: App, url: string, token: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const headers = { authorization: `Bearer ${token}` };
    const all = rankSchema.parse((await app.inject({ url: "/api/rank?period=all", headers })).json());
    const week = rankSchema.parse((await app.inject({ url: "/api/rank?period=week", headers })).json());
    const expectedAll = (
      await client.query(
        "select count(*)::int + 1 as n from profiles where xp > (select xp from profiles where id = $1)",
        [ME],
      )
    ).rows[0].n;
    const expectedWeek = (
      await client.query(
        `with w as (select user_id, sum(amount) as xp from ledger where kind = 'xp' and created_at >= $2 group by user_id)
         select count(*)::int + 1 as n from w where xp > coalesce((select xp from w where user_id = $1), 0)`,
        [ME, week.since],
      )
    ).rows[0].n;
    if (all.me?.position !== expectedAll || week.me?.position !== expectedWeek) {
      throw new Error(
        `own rank is wrong: all ${all.me?.position} (expected ${expectedAll}), week ${week.me?.position} (expected ${expectedWeek})`,
      );
    }
    console.log(`  own rank checked against a full count: all-time #${expectedAll}, this week #${expectedWeek}`);
  } finally {
    await client.end();
  }
}

function printSize(result: SizeResult) {
  console.log(
    `\n${result.size.toLocaleString("en")} rows per table (seeded in ${result.seedSeconds.toFixed(1)} s), ${samples} samples per route`,
  );
  console.log(
    `${"route".padEnd(34)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}${"p99 ms".padStart(9)}${"max ms".padStart(9)}`,
  );
  for (const [id, s] of Object.entries(result.routes)) {
    console.log(
      `${id.padEnd(34)}${s.p50.toFixed(2).padStart(9)}${s.p95.toFixed(2).padStart(9)}${s.p99.toFixed(2).padStart(9)}${s.max.toFixed(2).padStart(9)}`,
    );
  }
}

function growth(results: SizeResult[]) {
  const first = results[0]!;
  const last = results[results.length - 1]!;
  const sizeFactor = last.size / first.size;
  const rows = routes.map((route) => {
    const p95s = results.map((r) => r.routes[route.id]!.p95);
    const factor = last.routes[route.id]!.p95 / first.routes[route.id]!.p95;
    return {
      route: route.id,
      p95: Object.fromEntries(results.map((r, i) => [r.size, p95s[i]!])),
      growth: Number(factor.toFixed(2)),
      targetMet:
        last.routes[route.id]!.p95 <=
        (route.id === classrooms.CLASSROOM_DASHBOARD ? classrooms.CLASSROOM_TARGET_MS : TARGET_MS),
      subLinear: factor < sizeFactor,
    };
  });
  const label = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
  console.log(
    `\np95 growth ${label(first.size)} → ${label(last.size)} (×${sizeFactor} rows); target ≤ ${TARGET_MS} ms p95 at ${label(last.size)}`,
  );
  console.log(
    `${"route".padEnd(34)}${results.map((r) => `${label(r.size)} p95`.padStart(11)).join("")}${"growth".padStart(9)}  met`,
  );
  for (const row of rows) {
    console.log(
      `${row.route.padEnd(34)}${results.map((r) => row.p95[r.size]!.toFixed(2).padStart(11)).join("")}${`×${row.growth.toFixed(2)}`.padStart(9)}  ${row.targetMet && row.subLinear ? "yes" : "NO"}`,
    );
  }
  return rows;
}

export async function runScale() {
  const url = await createBenchDatabase();
  const database = createDatabase({ url, poolSize: 10 });
  await database.migrate();
  const config = loadConfig({
    DATABASE_URL: url,
    NODE_ENV: "production",
    PUBLIC_URL: "http://127.0.0.1:3901",
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT: "false",
    IMPORT_CONTENT: "false",
  });
  const app = await buildApp({ config, database, skipMigrations: true });
  await app.ready();
  const results: SizeResult[] = [];
  let token = "";
  let seeded = 0;
  try {
    for (const size of sizes) {
      const started = performance.now();
      console.log(`seeding ${(seeded + 1).toLocaleString("en")}…${size.toLocaleString("en")}…`);
      const created = await seedTo(url, seeded + 1, size, seeded === 0);
      if (created) token = created;
      seeded = size;
      const seedSeconds = (performance.now() - started) / 1000;
      await checkOwnRank(app, url, token);
      await pointDeepPage(app, token);
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      routes.find((r) => r.id === notif.NOTIFICATIONS_DEEP)!.url = await notif.notificationsDeepUrl(
        app,
        token,
        check,
        ME,
      );
      await check.end();
      routes.find((r) => r.id === community.REPORTS_DEEP)!.url = await community.reportsDeepUrl(app, token);
      routes.find((r) => r.id === community.CONNECTIONS_DEEP)!.url = await community.connectionsDeepUrl(app, token, ME);
      const stats = await measureRoutes(app, token);
      const result = { size, seedSeconds, routes: stats };
      printSize(result);
      const dashboard = stats[classrooms.CLASSROOM_DASHBOARD]!;
      console.log(
        `${classrooms.CLASSROOM_DASHBOARD}: p95 ${dashboard.p95.toFixed(2)} ms (target ≤ ${classrooms.CLASSROOM_TARGET_MS} ms)`,
      );
      results.push(result);
    }
    const summary = results.length > 1 ? growth(results) : [];
    const out = resolve(import.meta.dirname, "results");
    mkdirSync(out, { recursive: true });
    writeFileSync(
      join(out, "scale.json"),
      JSON.stringify(
        {
          date: new Date().toISOString(),
          database: "postgresql",
          samples,
          warmup,
          targetMs: TARGET_MS,
          me: { xp: ME_XP, rowsPerList: ME_ROWS },
          sizes: results,
          growth: summary,
        },
        null,
        2,
      ),
    );
    console.log(`\nwritten to bench/results/scale.json`);
  } finally {
    await app.close();
    await database.close();
    if (process.env.BENCH_SCALE_KEEP === "1") console.log(`kept ${url} (BENCH_SCALE_KEEP=1)`);
    else await dropBenchDatabase();
  }
}
