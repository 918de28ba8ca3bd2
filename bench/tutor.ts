// `npm run bench -- tutor`: the AI tutor's streamed answers, the real app on PostgreSQL, a fake OpenAI-compatible
// provider that answers at once (its first chunk as soon as the request is read) and streams a realistic answer
// (bench/tutor-fake.ts, its own process), and the learners in another process (bench/tutor-client.ts).
// 1. Sustained: BENCH_TUTOR_STREAMS (200) learners each in a closed loop (ask, read the whole answer, ask again
//    in the same thread) — BENCH_TUTOR_WARMUP_S (10) of warm-up, then BENCH_TUTOR_MEASURE_S (30) measured.
// 2. Burst: the same learners all ask at the same instant, once.
// For both: first byte and first token p50/p95, the provider's own first token and what the app adds to it
// (split: request → provider, provider's first chunk → learner). Then the heap per open stream, and the
// upstream calls aborted when the learners go away.
import { type ChildProcess, type ForkOptions, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { importContent } from "../apps/server/src/content/importer.ts";
import { loadContent } from "../apps/server/src/content/loader.ts";
import { createDatabase } from "../apps/server/src/db/client.ts";
import { dbAccessWithoutApp } from "../apps/server/src/transaction-without-app.ts";
import type { Timing } from "./tutor-client.ts";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const STREAMS = Number(process.env.BENCH_TUTOR_STREAMS ?? 200);
const WARMUP_MS = Number(process.env.BENCH_TUTOR_WARMUP_S ?? 10) * 1000;
const MEASURE_MS = Number(process.env.BENCH_TUTOR_MEASURE_S ?? 30) * 1000;
const PORT = Number(process.env.BENCH_PORT ?? 3136);
const DB_NAME = `${process.env.BENCH_DB_NAME ?? "neonlab_bench"}_tutor`;

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
const spread = (values: number[]) => ({ p50: pct(values, 0.5), p95: pct(values, 0.95) });
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

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
  // With access (granted), so the allowance is 200 questions a day: the sustained phase asks ~20 per learner,
  // which is a free learner's whole day (the refusals would be counted as failed streams).
  await client.query(
    `insert into profiles (id, display_name, username, editor_preferences, access_granted) select id, id, id, '{}'::jsonb, true from unnest($1::text[]) id`,
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

/** Sends a message to a child and waits for its answer of type `type`. */
function ask<T>(child: ChildProcess, message: object, type: string) {
  return new Promise<T>((ok) => {
    const on = (m: { type: string }) => {
      if (m.type === type) {
        child.off("message", on);
        ok(m as T);
      }
    };
    child.on("message", on);
    child.send(message);
  });
}

type ProviderTiming = { received: number; firstChunk: number } | null;

/** First byte, first token, the provider's own first token and what the app adds to it, per question. */
async function summarise(fake: ChildProcess, results: Timing[]) {
  const ok = results.filter((r) => r.ok);
  const { timings } = await ask<{ timings: ProviderTiming[] }>(
    fake,
    { type: "timings", tags: ok.map((r) => r.tag) },
    "timings",
  );
  const pairs = ok.flatMap((r, i) => (timings[i] ? [{ r, p: timings[i]! }] : []));
  const failedByStatus: Record<string, number> = {};
  for (const r of results) {
    const key = r.ok ? null : r.status || "network";
    if (key !== null) failedByStatus[key] = (failedByStatus[key] ?? 0) + 1;
  }
  return {
    questions: results.length,
    failed: results.length - ok.length,
    /** HTTP status (or "network") of the failed questions: 429 is the daily allowance or the per-minute limit. */
    failedByStatus,
    firstByteMs: spread(ok.map((r) => r.firstByte)),
    firstTokenMs: spread(ok.map((r) => r.token)),
    wholeAnswerMs: spread(ok.map((r) => r.total)),
    /** From the provider reading the request to it writing its first chunk. */
    providerFirstTokenMs: spread(pairs.map(({ p }) => p.firstChunk - p.received)),
    /** The learner's first token minus the provider's own: everything the app (and the two hops) adds. */
    appAddedMs: spread(pairs.map(({ r, p }) => r.token - (p.firstChunk - p.received))),
    /** Of which: from the learner sending the question to the provider receiving the app's request. */
    beforeProviderMs: spread(pairs.map(({ r, p }) => p.received - r.sentAt)),
    /** And from the provider's first chunk to the learner reading the first delta. */
    afterProviderMs: spread(pairs.map(({ r, p }) => r.sentAt + r.token - p.firstChunk)),
  };
}

type Summary = Awaited<ReturnType<typeof summarise>>;
const line = (name: string, s: Summary) =>
  `${name}: ${s.questions} questions (${s.failed} failed${s.failed ? `: ${JSON.stringify(s.failedByStatus)}` : ""}); first byte p50 ${s.firstByteMs.p50} / p95 ${s.firstByteMs.p95} ms; first token p50 ${s.firstTokenMs.p50} / p95 ${s.firstTokenMs.p95} ms; provider's own first token p50 ${s.providerFirstTokenMs.p50} / p95 ${s.providerFirstTokenMs.p95} ms; app adds p50 ${s.appAddedMs.p50} / p95 ${s.appAddedMs.p95} ms (before the provider p50 ${s.beforeProviderMs.p50} / p95 ${s.beforeProviderMs.p95}, after it p50 ${s.afterProviderMs.p50} / p95 ${s.afterProviderMs.p95}); whole answer p50 ${s.wholeAnswerMs.p50} / p95 ${s.wholeAnswerMs.p95} ms`;

export async function runTutor() {
  console.log(`load average before: ${load()}`);
  await admin(`drop database if exists ${DB_NAME} with (force)`);
  await admin(`create database ${DB_NAME}`);
  const url = new URL(serverUrl);
  url.pathname = `/${DB_NAME}`;
  const database = createDatabase({ url: url.toString() });
  await database.migrate();
  const content = resolve(import.meta.dirname, "../content");
  await importContent(dbAccessWithoutApp(database), loadContent(content).model);
  const children: ForkOptions = { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] };
  const fake = fork(resolve(import.meta.dirname, "tutor-fake.ts"), [], children);
  const provider = await new Promise<{ url: string; chunks: number; characters: number }>((ok) =>
    fake.once("message", (m) => ok(m as { url: string; chunks: number; characters: number })),
  );
  const config = loadConfig({
    DATABASE_URL: url.toString(),
    NODE_ENV: "production",
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT: "false",
    IMPORT_CONTENT: "false",
    OPENAI_BASE_URL: provider.url,
    OPENAI_API_KEY: "bench",
    OPENAI_TIMEOUT_MS: "60000",
  });
  const app = await buildApp({ config, database, skipMigrations: true });
  await app.listen({ host: "127.0.0.1", port: PORT });
  const client = fork(resolve(import.meta.dirname, "tutor-client.ts"), [], children);
  const base = `http://127.0.0.1:${PORT}`;
  // Each phase starts on a fresh day's allowance (a free learner has 20 questions a day).
  const newDay = () => database.db.execute("delete from tutor_usage" as never);
  try {
    const { tokens, lessonId } = await seedUsers(url.toString());
    const assistantId = `lesson-${lessonId}`;

    // The app's event loop and CPU over the measured window only (the warm-up's ramp left out).
    let elu = performance.eventLoopUtilization();
    let cpu = process.cpuUsage();
    const measureStart = setTimeout(() => {
      elu = performance.eventLoopUtilization();
      cpu = process.cpuUsage();
    }, WARMUP_MS);
    const looped = await ask<{ results: Timing[]; open: number[]; seconds: number }>(
      client,
      { type: "loop", url: base, tokens, assistantId, warmupMs: WARMUP_MS, measureMs: MEASURE_MS },
      "looped",
    );
    clearTimeout(measureStart);
    const busy = performance.eventLoopUtilization(elu).utilization;
    const cpuUsed = process.cpuUsage(cpu);
    const answers = looped.results.filter((r) => r.ok).length;
    const cpuMs = (cpuUsed.user + cpuUsed.system) / 1000;
    const sustained = {
      ...(await summarise(fake, looped.results)),
      /** The app's process over the measured window: event loop busy share, CPU seconds per second. */
      appEventLoopBusy: Number(busy.toFixed(2)),
      appCpuPerSecond: Number((cpuMs / MEASURE_MS).toFixed(2)),
      /** The app's CPU over the measured window per answer asked in it (the loop's last answers end just after). */
      appCpuMsPerAnswer: Number((cpuMs / Math.max(1, answers)).toFixed(2)),
      streamsOpen: spread(looped.open),
      answersPerSecond: Number((answers / looped.seconds).toFixed(1)),
    };
    console.log(
      `${line(`sustained, ${STREAMS} learners in a closed loop, ${looped.seconds} s after ${WARMUP_MS / 1000} s of warm-up`, sustained)}; streams open p50 ${sustained.streamsOpen.p50}; ${sustained.answersPerSecond} answers/s; the app's event loop busy ${sustained.appEventLoopBusy}, CPU ${sustained.appCpuPerSecond} s/s, ${sustained.appCpuMsPerAnswer} ms per answer`,
    );
    console.log(`load average after the sustained phase: ${load()}`);

    await newDay();
    const burst = await summarise(
      fake,
      (
        await ask<{ results: Timing[] }>(
          client,
          { type: "ask", url: base, tokens, assistantId, question: "What is an option, once more?" },
          "asked",
        )
      ).results,
    );
    console.log(line(`burst, ${STREAMS} questions sent at the same instant`, burst));

    await newDay();
    const before = heapAfterGc();
    await ask(client, { type: "hold", url: base, tokens, assistantId }, "holding");
    await new Promise((r) => setTimeout(r, 300));
    const heapPerStream = (heapAfterGc() - before) / STREAMS;
    const { aborted: abortedBefore } = await ask<{ aborted: number }>(fake, { type: "aborted" }, "aborted");
    await ask(client, { type: "release" }, "released");
    await new Promise((r) => setTimeout(r, 1000));
    const { aborted } = await ask<{ aborted: number }>(fake, { type: "aborted" }, "aborted");

    const result = {
      date: new Date().toISOString(),
      loadAverage: load(),
      streams: STREAMS,
      answer: { characters: provider.characters, chunks: provider.chunks },
      chunkMs: Number(process.env.BENCH_TUTOR_CHUNK_MS ?? 50),
      sustained,
      burst,
      heapPerOpenStreamKiB: Number((heapPerStream / 1024).toFixed(1)),
      upstreamAbortedOnRelease: aborted - abortedBefore,
    };
    console.log(
      `server heap per open stream ${result.heapPerOpenStreamKiB} KiB; ${result.upstreamAbortedOnRelease} of ${STREAMS} upstream calls aborted when the learners went away`,
    );
    console.log(`load average after: ${result.loadAverage}`);
    const out = resolve(import.meta.dirname, "results");
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, "tutor.json"), JSON.stringify(result, null, 2));
    console.log("written to bench/results/tutor.json");
  } finally {
    client.kill();
    fake.kill();
    await app.close();
    await database.close();
    await admin(`drop database if exists ${DB_NAME} with (force)`);
  }
}
