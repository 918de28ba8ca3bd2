import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client.ts";
import { FIXTURE_DIR, importFixtures } from "../modules/learning/test-helpers.ts";
import { AUTHZ_MATRIX } from "./authz-matrix.ts";
import { createMatrixContext } from "./authz/context.ts";
import { diffRoutes, patternMatches, registeredApiRoutes, routeKey } from "./authz/routes.ts";
import {
  ACTORS,
  type Actor,
  accessRuleProblems,
  type MatrixCase,
  type MatrixContext,
  type MatrixUser,
  type RouteEntry,
  rowsOf,
  SIGNED_IN,
} from "./authz/types.ts";
import { createTestApp } from "./test-app.ts";

const env = { CONTENT_DIR: FIXTURE_DIR, WEB_DIST: resolve(import.meta.dirname, "no-web-build") };
const app = await createTestApp({ env });
await importFixtures(app.ctx);

/** Owners run last, so the others' calls meet A's resources as A left them in setup. */
const ACTOR_ORDER: Actor[] = ["anonymous", "userB", "paying", "moderator", "admin", "userA"];

describe("authorization matrix: the table lists exactly the app's routes", () => {
  it("classifies every registered /api route and lists none the app does not have", () => {
    const registered = registeredApiRoutes(app);
    expect(registered.length).toBeGreaterThan(20);
    const { unlisted, stale } = diffRoutes(AUTHZ_MATRIX, registered);
    expect(unlisted, "routes no row lists (add them to the module's test/authz/<module>.ts)").toEqual([]);
    expect(stale, "table rows for routes the app no longer has (remove them)").toEqual([]);
  });

  it("finds every route of the OpenAPI document in the router (the route parser loses none)", () => {
    const registered = new Set(registeredApiRoutes(app).map(routeKey));
    const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => method !== "head")
        .map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}*]+)\}/g, ":$1")}`)
        // A route's `*` wildcard is documented as a trailing {path} parameter (lib/openapi/operation.ts).
        .map((key) => (registered.has(key) ? key : key.replace(/:path$/, "*"))),
    );
    expect(documented.length).toBeGreaterThan(20);
    expect(documented.filter((key) => !registered.has(key))).toEqual([]);
  });

  it("gives statuses that fit each row's access class", () => {
    expect(AUTHZ_MATRIX.flatMap(accessRuleProblems)).toEqual([]);
  });

  it("has one row per METHOD + URL, each with at least one case and a status for every actor", () => {
    const keys = AUTHZ_MATRIX.map(routeKey);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    for (const entry of AUTHZ_MATRIX) {
      expect(entry.cases.length, routeKey(entry)).toBeGreaterThan(0);
      for (const c of entry.cases)
        expect(Object.keys(c.expect).sort(), `${routeKey(entry)} ${c.name}`).toEqual([...ACTORS].sort());
    }
  });

  it("would fail for a new route the table misses and for a row whose route is gone", () => {
    const registered = registeredApiRoutes(app);
    const [dropped, ...rest] = AUTHZ_MATRIX;
    if (!dropped) throw new Error("empty table");
    expect(diffRoutes(rest, registered).unlisted).toEqual([routeKey(dropped)]);
    const withGone = [...AUTHZ_MATRIX, { method: "GET", url: "/api/gone/:id" }];
    expect(diffRoutes(withGone, registered)).toEqual({ unlisted: [], stale: ["GET /api/gone/:id"] });
  });

  it("lists dev-only routes that exist outside production and only there", async () => {
    const production = await createTestApp({
      database: app.ctx.database,
      env: { ...env, NODE_ENV: "production", BETTER_AUTH_SECRET: "authz-matrix-secret-of-at-least-32-characters" },
    });
    const inProduction = new Set(registeredApiRoutes(production).map(routeKey));
    for (const entry of AUTHZ_MATRIX) {
      expect(inProduction.has(routeKey(entry)), routeKey(entry)).toBe(entry.access !== "dev-only");
    }
    expect(AUTHZ_MATRIX.some((e) => e.access === "dev-only")).toBe(true);
  });
});

describe("authorization matrix: every route × anonymous, user A, user B, paying, moderator, admin", () => {
  let ctx: MatrixContext;
  beforeAll(async () => {
    ctx = await createMatrixContext(app);
  });

  // Cases that end an account or session run after all the others.
  const ordered = [...casesOf((c) => !c.destructive), ...casesOf((c) => c.destructive === true)];
  it.each(ordered.map(({ entry, index, c }) => [`${routeKey(entry)} — ${c.name}`, entry, index, c] as const))(
    "%s",
    async (_title, entry, index, c) => {
      lastSnapshot = undefined;
      for (const actor of ACTOR_ORDER) await runCase(ctx, entry, c, actor, index === 0);
    },
  );
});

function casesOf(keep: (c: MatrixCase) => boolean) {
  return AUTHZ_MATRIX.flatMap((entry) => entry.cases.flatMap((c, index) => (keep(c) ? [{ entry, index, c }] : [])));
}

async function runCase(ctx: MatrixContext, entry: RouteEntry, c: MatrixCase, actor: Actor, first: boolean) {
  const caller = actor === "anonymous" ? null : ctx.users[actor];
  const others = SIGNED_IN.filter((a) => a !== actor).map((a) => ctx.users[a]);
  const prepared = c.setup ? await c.setup(ctx, actor) : undefined;
  const spec = c.request(ctx, actor, prepared);
  const label = `${actor}: ${spec.method} ${spec.url} (${entry.method} ${entry.url} — ${c.name})`;
  expect(spec.method, label).toBe(entry.method);
  expect(patternMatches(entry.url, spec.url), `${label}: the URL does not match the route pattern`).toBe(true);

  const authorization = spec.authorization ?? caller?.headers.authorization;
  const everyone = SIGNED_IN.map((a) => ctx.users[a]);
  // The previous call's "after" is this call's "before" unless a setup changed data since.
  const before = (!c.setup && lastSnapshot) || (await snapshot(ctx.app.ctx.db, everyone));
  const res = await ctx.app.inject({
    method: spec.method,
    url: spec.url,
    headers: { ...spec.headers, ...(authorization ? { authorization } : {}) },
    ...(spec.remoteAddress ? { remoteAddress: spec.remoteAddress } : {}),
    ...(spec.payload === undefined ? {} : { payload: spec.payload as object }),
  });
  expect(res.statusCode, `${label}: ${res.body.slice(0, 500)}`).toBe(c.expect[actor]);

  // 0 cross-user writes: nobody else's rows changed.
  const after = await snapshot(ctx.app.ctx.db, everyone);
  lastSnapshot = after;
  for (const other of others) {
    expect(after[other.id], `${label} changed ${other.actor}'s data`).toEqual(before[other.id]);
  }
  // 0 cross-user reads: nothing private of anyone else in the answer.
  const answer = `${JSON.stringify(res.headers)}\n${res.body}`;
  for (const other of others) {
    for (const secret of secretsOf(other)) {
      expect(answer.includes(secret), `${label} leaked ${other.actor}'s private data`).toBe(false);
    }
  }
  if (c.check && res.statusCode < 300) await c.check(ctx, actor, res, prepared);

  // HEAD (added by Fastify to every GET route) is guarded like its GET.
  if (first && spec.method === "GET" && actor === "anonymous") {
    const head = await ctx.app.inject({ method: "HEAD", url: spec.url });
    expect(head.statusCode, `HEAD ${spec.url}`).toBe(entry.head ?? res.statusCode);
  }
}

let lastSnapshot: Snapshot | undefined;

function secretsOf(user: MatrixUser): string[] {
  return [user.email, user.token, user.sessionToken, user.secret];
}

let userTables: string[] | undefined;
type Snapshot = Record<string, Record<string, string[]>>;

/**
 * Every row that belongs to these users, by user: `users` and `profiles` by id, and every table with
 * a user_id column (read from the catalog, so tables added later are covered without editing this
 * test). Plain SQL text (ids are checked UUIDs): one parameterless query is several times faster on PGlite.
 */
async function snapshot(db: Db, owners: MatrixUser[]): Promise<Snapshot> {
  if (!userTables) {
    const found = await db.execute(sql`
      select distinct table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'user_id' order by table_name`);
    // Left out: when each caller was last seen, written after the caller's own request without holding it up
    // (progress/presence-service.ts), so it may land during the next actor's call.
    userTables = rowsOf<{ table_name: string }>(found)
      .map((r) => r.table_name)
      .filter((t) => t !== "learner_presence");
  }
  const ids = owners.map((o) => {
    if (!/^[0-9a-f-]{36}$/.test(o.id)) throw new Error(`unexpected user id ${o.id}`);
    return `'${o.id}'`;
  });
  const selects = [
    ...["users", "profiles"].map((t) => [t, "id"] as const),
    ...(userTables ?? []).map((t) => [t, "user_id"] as const),
  ].map(
    ([t, column]) =>
      `select '${t}' as t, x."${column}" as owner, x::text as r from "${t}" x where x."${column}" in (${ids.join(", ")})`,
  );
  const result = rowsOf<{ t: string; owner: string; r: string }>(
    await db.execute(sql.raw(selects.join(" union all "))),
  );
  const snap: Snapshot = Object.fromEntries(owners.map((o) => [o.id, {}]));
  for (const row of result) {
    const tables = snap[row.owner] ?? {};
    tables[row.t] = [...(tables[row.t] ?? []), row.r];
  }
  for (const tables of Object.values(snap)) for (const rows of Object.values(tables)) rows.sort();
  return snap;
}
