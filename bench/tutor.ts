// `npm run bench -- tutor`: the AI tutor's streamed answers with a fake OpenAI-compatible provider that streams
// instantly (apps/server/src/test/fake-openai.ts, delay 0). The real app runs here on PostgreSQL; the clients
// run in a child process (bench/tutor-client.ts). Reports, for BENCH_TUTOR_STREAMS (200) concurrent streams ×
// BENCH_TUTOR_ROUNDS (3): time to first byte (p50/p95), time to the first token (p50/p95) against the same
// requests sent straight to the fake provider (what the app adds), and the server heap per open stream.
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { importContent } from "../apps/server/src/content/importer.ts";
import { loadContent } from "../apps/server/src/content/loader.ts";
import { createDatabase } from "../apps/server/src/db/client.ts";
import { startFakeOpenAi } from "../apps/server/src/test/fake-openai.ts";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const STREAMS = Number(process.env.BENCH_TUTOR_STREAMS ?? 200);
const ROUNDS = Number(process.env.BENCH_TUTOR_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3136);
const DB_NAME = "neonlab_bench_tutor";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const pct = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0).toFixed(1));
};

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function seedUsers(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const users = Array.from({ length: STREAMS }, (_, i) => ({
    id: `tutor-${i}`,
    token: randomBytes(24).toString("base64url"),
  }));
  const ids = users.map((u) => u.id);
  await client.query(
    `insert into users (id, name, email, email_verified) select id, id, id || '@bench.test', true from unnest($1::text[]) id`,
    [ids],
  );
  await client.query(
    `insert into profiles (id, display_name, username, editor_preferences) select id, id, id, '{}'::jsonb from unnest($1::text[]) id`,
    [ids],
  );
  await client.query(
    `insert into sessions (id, token, user_id, expires_at) select 's-' || u.id, u.token, u.id, now() + interval '1 day' from unnest($1::text[], $2::text[]) as u(id, token)`,
    [ids, users.map((u) => u.token)],
  );
  const { rows } = await client.query(
    `select l.id from lessons l join courses c on c.id = l.course_id where c.slug = 'linux-command-line' and l.slug = 'meet-the-shell'`,
  );
  await client.end();
  return { tokens: users.map((u) => u.token), lessonId: rows[0].id as number };
}

type Timing = { status: number; firstByte: number; token: number; total: number; ok: boolean };

export async function runTutor() {
  await admin(`drop database if exists ${DB_NAME} with (force)`);
  await admin(`create database ${DB_NAME}`);
  const url = new URL(serverUrl);
  url.pathname = `/${DB_NAME}`;
  const database = createDatabase({ url: url.toString(), poolSize: 10 });
  await database.migrate();
  const content = resolve(import.meta.dirname, "../content");
  await importContent(database.db, loadContent(content).model);
  const fake = await startFakeOpenAi({ delayMs: 0 });
  const config = loadConfig({
    DATABASE_URL: url.toString(),
    NODE_ENV: "production",
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT: "false",
    IMPORT_CONTENT: "false",
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: "bench",
    OPENAI_TIMEOUT_MS: "60000",
  });
  const app = await buildApp({ config, database, skipMigrations: true });
  await app.listen({ host: "127.0.0.1", port: PORT });
  const child = fork(resolve(import.meta.dirname, "tutor-client.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = <T>(type: string) =>
    new Promise<T>((ok) => {
      const on = (m: { type: string }) => {
        if (m.type === type) {
          child.off("message", on);
          ok(m as T);
        }
      };
      child.on("message", on);
    });
  const base = `http://127.0.0.1:${PORT}`;
  try {
    const { tokens, lessonId } = await seedUsers(url.toString());
    const assistantId = `lesson-${lessonId}`;
    // Warm-up (JIT, pools), then the measured rounds, each followed by the same load straight at the provider.
    child.send({ type: "ask", url: base, tokens: tokens.slice(0, 20), assistantId, question: "Warm up" });
    await next("asked");
    const app_: Timing[] = [];
    const direct: Timing[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      child.send({ type: "ask", url: base, tokens, assistantId, question: `What is an option? (${round})` });
      app_.push(...(await next<{ results: Timing[] }>("asked")).results);
      child.send({ type: "direct", url: fake.url, count: STREAMS });
      direct.push(...(await next<{ results: Timing[] }>("direct")).results);
    }
    const failed = app_.filter((r) => r.status !== 200 || !r.ok).length;

    const before = heapAfterGc();
    child.send({ type: "hold", url: base, tokens, assistantId });
    await next("holding");
    await new Promise((r) => setTimeout(r, 300));
    const heapPerStream = (heapAfterGc() - before) / STREAMS;
    const abortedBefore = fake.aborted;
    child.send({ type: "release" });
    await next("released");
    await new Promise((r) => setTimeout(r, 1000));

    const result = {
      date: new Date().toISOString(),
      streams: STREAMS,
      rounds: ROUNDS,
      failed,
      timeToFirstByteMs: {
        p50: pct(
          app_.map((r) => r.firstByte),
          0.5,
        ),
        p95: pct(
          app_.map((r) => r.firstByte),
          0.95,
        ),
      },
      timeToFirstTokenMs: {
        p50: pct(
          app_.map((r) => r.token),
          0.5,
        ),
        p95: pct(
          app_.map((r) => r.token),
          0.95,
        ),
      },
      providerDirectFirstTokenMs: {
        p50: pct(
          direct.map((r) => r.token),
          0.5,
        ),
        p95: pct(
          direct.map((r) => r.token),
          0.95,
        ),
      },
      totalMs: {
        p50: pct(
          app_.map((r) => r.total),
          0.5,
        ),
        p95: pct(
          app_.map((r) => r.total),
          0.95,
        ),
      },
      heapPerOpenStreamKiB: Number((heapPerStream / 1024).toFixed(1)),
      upstreamAbortedOnRelease: fake.aborted - abortedBefore,
    };
    console.log(
      `${STREAMS} concurrent streams × ${ROUNDS} rounds (${failed} failed): first byte p50 ${result.timeToFirstByteMs.p50} ms, p95 ${result.timeToFirstByteMs.p95} ms; first token p50 ${result.timeToFirstTokenMs.p50} ms, p95 ${result.timeToFirstTokenMs.p95} ms (the provider alone: p50 ${result.providerDirectFirstTokenMs.p50} ms, p95 ${result.providerDirectFirstTokenMs.p95} ms); whole answer p95 ${result.totalMs.p95} ms`,
    );
    console.log(
      `server heap per open stream ${result.heapPerOpenStreamKiB} KiB; ${result.upstreamAbortedOnRelease} of ${STREAMS} upstream calls aborted when the clients went away`,
    );
    const out = resolve(import.meta.dirname, "results");
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, "tutor.json"), JSON.stringify(result, null, 2));
    console.log("written to bench/results/tutor.json");
  } finally {
    child.kill();
    await app.close();
    await fake.close();
    await database.close();
    await admin(`drop database if exists ${DB_NAME} with (force)`);
  }
}
