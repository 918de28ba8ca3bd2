// `npm run bench -- sockets`: 1,000 sockets on one instance and a notification fanned out to 1,000 users.
// The server runs here (the real app on PostgreSQL, listening on BENCH_PORT); the sockets live in a child
// process (bench/sockets-client.ts), so this process's heap holds only the server side of each socket.
// Reports the server heap per socket (after a forced GC) and, per fan-out round, how long each user's
// notification took from the first emit to its arrival (p50/p95/max) and until the last one arrived.
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { createDatabase } from "../apps/server/src/db/client.ts";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const USERS = Number(process.env.BENCH_SOCKETS ?? 1000);
const ROUNDS = Number(process.env.BENCH_SOCKET_ROUNDS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3135);
const DB_NAME = "neonlab_bench_sockets";
const now = () => performance.timeOrigin + performance.now();

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/** USERS users with profiles and a session each; returns their ids and bearer tokens. */
async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const users = Array.from({ length: USERS }, (_, i) => ({
    id: `sock-${i}`,
    token: randomBytes(24).toString("base64url"),
  }));
  await client.query(
    `insert into users (id, name, email, email_verified)
    select id, id, id || '@bench.test', true from unnest($1::text[]) id`,
    [users.map((u) => u.id)],
  );
  await client.query(
    `insert into profiles (id, display_name, username, editor_preferences)
    select id, id, id, '{}'::jsonb from unnest($1::text[]) id`,
    [users.map((u) => u.id)],
  );
  await client.query(
    `insert into sessions (id, token, user_id, expires_at)
    select 's-' || u.id, u.token, u.id, now() + interval '1 day' from unnest($1::text[], $2::text[]) as u(id, token)`,
    [users.map((u) => u.id), users.map((u) => u.token)],
  );
  await client.end();
  return users;
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

export async function runSockets() {
  await admin(`drop database if exists ${DB_NAME} with (force)`);
  await admin(`create database ${DB_NAME}`);
  const url = new URL(serverUrl);
  url.pathname = `/${DB_NAME}`;
  const database = createDatabase({ url: url.toString(), poolSize: 10 });
  await database.migrate();
  const config = loadConfig({
    DATABASE_URL: url.toString(),
    NODE_ENV: "production",
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT: "false",
    IMPORT_CONTENT: "false",
  });
  const app = await buildApp({ config, database, skipMigrations: true });
  await app.listen({ host: "127.0.0.1", port: PORT });
  const child = fork(resolve(import.meta.dirname, "sockets-client.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = (type: string) =>
    new Promise<{ type: string; received?: { round: number; at: number }[] }>((ok) => {
      const on = (m: { type: string }) => {
        if (m.type === type) {
          child.off("message", on);
          ok(m);
        }
      };
      child.on("message", on);
    });
  try {
    const users = await seed(url.toString());
    const before = heapAfterGc();
    const connectStart = now();
    child.send({ url: `http://127.0.0.1:${PORT}`, tokens: users.map((u) => u.token) });
    await next("connected");
    const connectSeconds = (now() - connectStart) / 1000;
    await new Promise((r) => setTimeout(r, 500));
    const heapPerSocket = (heapAfterGc() - before) / USERS;

    const latencies: number[] = [];
    const completes: number[] = [];
    const emits: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const started = now();
      for (const user of users) app.ctx.realtime.toUser(user.id, "notification", { kind: "badge_earned", id: round });
      emits.push(now() - started);
      // Wait until every user has it (or 5 s), then collect.
      await new Promise((r) => setTimeout(r, 300));
      child.send({ type: "report" });
      const { received = [] } = await next("report");
      const mine = received.filter((r) => r.round === round).map((r) => r.at - started);
      if (mine.length !== USERS) throw new Error(`round ${round}: ${mine.length} of ${USERS} sockets got it`);
      latencies.push(...mine);
      completes.push(Math.max(...mine));
    }
    latencies.sort((a, b) => a - b);
    completes.sort((a, b) => a - b);
    const result = {
      date: new Date().toISOString(),
      sockets: USERS,
      rounds: ROUNDS,
      connectSeconds: Number(connectSeconds.toFixed(2)),
      heapPerSocketKiB: Number((heapPerSocket / 1024).toFixed(1)),
      deliveryMs: {
        p50: Number(pct(latencies, 0.5).toFixed(2)),
        p95: Number(pct(latencies, 0.95).toFixed(2)),
        max: Number(pct(latencies, 1).toFixed(2)),
      },
      lastOfRoundMs: { p50: Number(pct(completes, 0.5).toFixed(2)), p95: Number(pct(completes, 0.95).toFixed(2)) },
      emitLoopMs: Number(
        pct(
          [...emits].sort((a, b) => a - b),
          0.5,
        ).toFixed(2),
      ),
    };
    console.log(
      `${USERS} sockets connected in ${result.connectSeconds} s; server heap per socket ${result.heapPerSocketKiB} KiB`,
    );
    console.log(
      `fan-out to ${USERS} users × ${ROUNDS} rounds: delivery p50 ${result.deliveryMs.p50} ms, p95 ${result.deliveryMs.p95} ms, max ${result.deliveryMs.max} ms; last of a round p95 ${result.lastOfRoundMs.p95} ms; emit loop ${result.emitLoopMs} ms`,
    );
    const out = resolve(import.meta.dirname, "results");
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, "sockets.json"), JSON.stringify(result, null, 2));
    console.log("written to bench/results/sockets.json");
  } finally {
    child.send({ type: "close" });
    await app.close();
    await database.close();
    await admin(`drop database if exists ${DB_NAME} with (force)`);
  }
}
