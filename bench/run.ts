// `npm run bench`: the API ladder, all rungs in one run, alternating rounds, medians and ratios.
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { SERVER_NODE_FLAGS } from "../scripts/node-flags.mjs";
import { cpuWindow } from "./cpu.ts";
import { type Load, measure, median, type Sample } from "./measure.ts";
import { SERVER_SOURCE, startProcess, stopProcess } from "./process.ts";
import { type Seeded, seed } from "./seed.ts";
import { roundTrace, type TracedServer, tracedServer, traceDir } from "./trace.ts";
import { printWaits, sampleWaits } from "./waits.ts";
import { webhookEvents } from "./webhook-events.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const serverUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** The app's port and the database's name: settable, so two engineers' runs on one machine stay apart. */
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const database = process.env.BENCH_DB_NAME ?? "neonlab_bench";
const base = `http://127.0.0.1:${PORT}`;

type Backend = { name: "postgres" | "pglite"; env: Record<string, string> };
/** Lessons in the bench course, in chapters of 2 (rounded up to even). */
const writeLessons = 2 * Math.ceil(Number(process.env.BENCH_WRITE_LESSONS ?? 40) / 2);
/** BENCH_ONLY="L5 app" runs only the rungs whose name matches (a regular expression); ratios then show NaN. */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
/** BENCH_WAITS=1 samples the PostgreSQL backends' wait events and locks during every measured app rung (waits.ts). */
const waits = process.env.BENCH_WAITS === "1";
type Rung = {
  id: string;
  backend?: Backend["name"];
  /** Starts the rung's server; an app rung adds the trace's flags and environment (bench/trace.ts). */
  start: (traced?: TracedServer) => Promise<ChildProcess>;
  load: Load;
  /** Requests that could not be a first completion (the pool ran out); counted as errors. */
  repeats?: () => number;
  /** A write rung: measured after every read round (see runRounds). */
  writes?: boolean;
  /** The app's database when it is PostgreSQL (for BENCH_WAITS). */
  databaseUrl?: string;
};

/**
 * Every (user, lesson) pair of the bench course once, so every completion is a first one (200, XP,
 * streak, ledger), never "already completed". Chapter by chapter (2 lessons), in blocks of 100 users:
 * the block's first lessons, then its second lessons, which complete the chapter (badge, NeonBits
 * ledger), so half of the requests write the ledger from the start. A user's two requests are 100
 * apart (more than the connections in flight), so one user's streak lock is rarely waited on. The
 * pool lasts across rounds.
 */
function completionPool(seeded: Seeded) {
  const users = seeded.tokens.length;
  const block = users % 100 === 0 ? 100 : users;
  const size = users * seeded.lessonIds.length;
  let taken = 0;
  return {
    next() {
      const k = taken++ % size;
      const chapter = Math.floor(k / (2 * users));
      const inChapter = k % (2 * users);
      const inBlock = inChapter % (2 * block);
      const user = Math.floor(inChapter / (2 * block)) * block + (inBlock % block);
      const lesson = seeded.lessonIds[2 * chapter + Math.floor(inBlock / block)]!;
      return { path: `/api/lessons/${lesson}/complete`, token: seeded.tokens[user]! };
    },
    repeats: () => Math.max(0, taken - size),
    usage: () => ({ pairs: size, used: Math.min(taken, size), repeats: Math.max(0, taken - size) }),
  };
}

async function preparePostgres(): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${pg.escapeIdentifier(database)} with (force)`);
  await admin.query(`create database ${pg.escapeIdentifier(database)}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

const BENCH_AUTH_SECRET = "bench-secret-bench-secret-bench-secret-0123";

function appEnv(backend: Backend): Record<string, string> {
  return {
    ...backend.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    NODE_ENV: "production",
    BETTER_AUTH_SECRET: BENCH_AUTH_SECRET,
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT: "false",
    IMPORT_CONTENT: "false",
  };
}

async function main() {
  const pgUrl = await preparePostgres();
  const pgliteDir = mkdtempSync(join(tmpdir(), "neonlab-bench-"));
  const backends: Backend[] = [
    { name: "postgres", env: { DATABASE_URL: pgUrl, DATA_DIR: pgliteDir } },
    { name: "pglite", env: { DATABASE_URL: "", DATA_DIR: pgliteDir } },
  ];
  console.log(`seeding 2,000 users and a ${writeLessons}-lesson bench course into PostgreSQL and PGlite…`);
  const seeded = await seed({ url: pgUrl, users: 2000, lessons: writeLessons });
  // With BENCH_ONLY naming no PGlite rung, PGlite is not seeded (a minute less).
  const pgliteRuns =
    !only ||
    [
      "L2 raw driver",
      "L3 app read",
      "L4 app auth read",
      "L5 app auth write",
      "L5p app profile write",
      "L6 app purchase",
      "L7 webhook write",
    ].some((id) => only.test(`${id} [pglite]`));
  const seededLite = pgliteRuns
    ? await seed({ dataDir: pgliteDir, users: 2000, lessons: writeLessons })
    : { tokens: [], userIds: [], usernames: [], lessonIds: [] };
  const username = seeded.usernames[42]!;

  const pools: Partial<Record<Backend["name"], ReturnType<typeof completionPool>>> = {};
  const rungs: Rung[] = [
    {
      id: "L0 node:http",
      start: () => startProcess("bench/servers/bare-http.ts", { PORT: String(PORT) }),
      load: { url: `${base}/` },
    },
    {
      id: "L1 fastify",
      start: () => startProcess("bench/servers/bare-fastify.ts", { PORT: String(PORT) }),
      load: { url: `${base}/` },
    },
  ];
  for (const backend of backends) {
    const data = backend.name === "postgres" ? seeded : seededLite;
    const tokens = data.tokens;
    const completions = completionPool(data);
    pools[backend.name] = completions;
    const app = (traced?: TracedServer) =>
      startProcess(
        SERVER_SOURCE,
        { ...appEnv(backend), ...traced?.env },
        `${base}/api/ready`,
        traced && [...SERVER_NODE_FLAGS, ...traced.execArgv],
      );
    const databaseUrl = backend.name === "postgres" ? pgUrl : undefined;
    rungs.push(
      {
        id: "L2 raw driver",
        backend: backend.name,
        start: () =>
          startProcess("bench/servers/bare-db.ts", {
            PORT: String(PORT),
            DATABASE_URL: backend.name === "postgres" ? pgUrl : "",
            PGLITE_DIR: join(pgliteDir, "pglite"),
            L3_PARAM: username,
          }),
        load: { url: `${base}/` },
      },
      {
        id: "L3 app read",
        backend: backend.name,
        start: app,
        load: { url: `${base}/api/profiles/${username}` },
        databaseUrl,
      },
      {
        id: "L4 app auth read",
        backend: backend.name,
        start: app,
        load: { url: `${base}/api/profile`, tokens },
        databaseUrl,
      },
      {
        id: "L5 app auth write",
        backend: backend.name,
        start: app,
        load: { url: base, method: "POST", next: completions.next },
        repeats: completions.repeats,
        writes: true,
        databaseUrl,
      },
      {
        id: "L5p app profile write",
        backend: backend.name,
        start: app,
        load: {
          url: `${base}/api/profile`,
          method: "PUT",
          tokens,
          body: () => JSON.stringify({ bio: `bench ${Math.random().toString(36).slice(2)}` }),
        },
        writes: true,
        databaseUrl,
      },
      {
        // One shop purchase per request, each for the next user in turn (2,000 users with NeonBits to spend):
        // the purchase row, the NeonBits charge under the balance row's lock and the freeze grant.
        id: "L6 app purchase",
        backend: backend.name,
        start: app,
        load: {
          url: `${base}/api/users/buy-shop-item`,
          method: "POST",
          tokens,
          body: () => JSON.stringify({ item: "streak_freeze" }),
        },
        writes: true,
        databaseUrl,
      },
      {
        // A payment provider's signed event (the built-in test provider's), each a first delivery.
        id: "L7 webhook write",
        backend: backend.name,
        start: app,
        load: { url: base, method: "POST", next: webhookEvents(BENCH_AUTH_SECRET, data.userIds).next },
        writes: true,
        databaseUrl,
      },
    );
  }

  const samples = new Map<string, Sample[]>();
  // Reads first, all their rounds, then the writes: the writes leave work behind in PostgreSQL (dead rows
  // for autovacuum, WAL for a checkpoint) that would otherwise land on whichever read rung came next.
  for (const phase of [rungs.filter((rung) => !rung.writes), rungs.filter((rung) => rung.writes)])
    await runRounds(phase, samples);
  const writePool = { postgres: pools.postgres?.usage(), pglite: pools.pglite?.usage() };
  for (const [name, usage] of Object.entries(writePool)) {
    if (usage?.repeats) {
      console.warn(
        `\nL5 [${name}]: the completion pool ran out (${usage.repeats} repeats counted as errors); raise BENCH_WRITE_LESSONS`,
      );
    }
  }
  report(samples, writePool);
  rmSync(pgliteDir, { recursive: true, force: true });
}

/** `rounds` rounds over the rungs, alternating them; each sample goes to the rung's list. */
async function runRounds(rungs: Rung[], samples: Map<string, Sample[]>) {
  for (let round = 1; round <= rounds; round++) {
    for (const rung of rungs) {
      const key = rung.backend ? `${rung.id} [${rung.backend}]` : rung.id;
      if (only && !only.test(key)) continue;
      const trace = traceDir ? roundTrace(key, round) : null;
      const child = await rung.start(trace ? tracedServer(trace.collections) : undefined);
      try {
        await measure(rung.load, warmup, connections);
        const repeatsBefore = rung.repeats?.() ?? 0;
        const sampler = waits && rung.databaseUrl ? await sampleWaits(rung.databaseUrl) : null;
        const cpu = await cpuWindow(child.pid!, rung.databaseUrl);
        const sample = await measure(rung.load, seconds, connections, trace?.add);
        const used = await cpu();
        const waited = await sampler?.stop();
        const requests = Math.max(1, sample.rps * seconds);
        sample.appCpu = (used.app * 1000) / requests;
        if (rung.databaseUrl) sample.dbCpu = (used.database * 1000) / requests;
        // Requests beyond the pool were "already completed" answers, not measured writes: errors.
        sample.errors += (rung.repeats?.() ?? 0) - repeatsBefore;
        samples.set(key, [...(samples.get(key) ?? []), sample]);
        const cpuNote = `CPU per request: app ${sample.appCpu.toFixed(0)} µs${rung.databaseUrl ? `, database ${sample.dbCpu?.toFixed(0)} µs` : ""}`;
        console.log(
          `round ${round}/${rounds} ${key.padEnd(32)} ${sample.rps.toFixed(0).padStart(7)} req/s  ${cpuNote}`,
        );
        if (sample.failures) console.log(`  failed requests of ${key}: ${sample.failures}`);
        if (waited) printWaits(key, waited);
        if (trace) console.log(`  trace of ${key}: ${trace.finish()}`);
      } finally {
        await stopProcess(child);
      }
    }
  }
}

/** CPU µs per request (bench/cpu.ts); blank where not measured. */
const cpuCell = (micros: number) => (Number.isNaN(micros) ? "" : String(micros)).padStart(8);

/** A measured figure and its target; null: reported without one. */
type Target = { value: number; target: number | null };

/** A table of figures against their targets: `sense` says which side of the target meets it. */
function printTargets(heading: string, targets: Record<string, Target>, sense: "≥" | "≤", digits: number) {
  console.log(`\n${heading.padEnd(28)}${"value".padStart(8)}${"target".padStart(9)}  met`);
  for (const [name, { value, target }] of Object.entries(targets)) {
    const meets = (limit: number) => (sense === "≥" ? value >= limit : value <= limit);
    const met = target === null ? "" : meets(target) ? "yes" : "NO";
    const goal = target === null ? "—" : `${sense} ${target}`;
    console.log(`${name.padEnd(28)}${value.toFixed(digits).padStart(8)}${goal.padStart(9)}  ${met}`);
  }
}

function report(samples: Map<string, Sample[]>, writePool: Record<string, unknown>) {
  const rows = [...samples].map(([key, list]) => ({
    rung: key,
    rps: median(list.map((s) => s.rps)),
    p50: median(list.map((s) => s.p50)),
    p99: median(list.map((s) => s.p99)),
    errors: list.reduce((n, s) => n + s.errors + s.non2xx, 0),
    appCpuMicros: Math.round(median(list.map((s) => s.appCpu ?? Number.NaN))),
    dbCpuMicros: Math.round(median(list.map((s) => s.dbCpu ?? Number.NaN))),
  }));
  const rps = (key: string) => rows.find((r) => r.rung === key)?.rps ?? Number.NaN;
  const p99 = (key: string) => rows.find((r) => r.rung === key)?.p99 ?? Number.NaN;
  const ratios = {
    "L1/L0": { value: rps("L1 fastify") / rps("L0 node:http"), target: 0.95 },
    "L3/L2 (postgres)": { value: rps("L3 app read [postgres]") / rps("L2 raw driver [postgres]"), target: 0.7 },
    "L4/L2 (postgres)": { value: rps("L4 app auth read [postgres]") / rps("L2 raw driver [postgres]"), target: 0.5 },
    "L3/L2 (pglite)": { value: rps("L3 app read [pglite]") / rps("L2 raw driver [pglite]"), target: 0.7 },
    "PGlite/PostgreSQL (L3)": { value: rps("L3 app read [pglite]") / rps("L3 app read [postgres]"), target: 0.4 },
    "PGlite/PostgreSQL (L4)": {
      value: rps("L4 app auth read [pglite]") / rps("L4 app auth read [postgres]"),
      target: 0.4,
    },
    "L5/L5p (postgres)": {
      value: rps("L5 app auth write [postgres]") / rps("L5p app profile write [postgres]"),
      target: 0.4,
    },
    "L6/L5p (postgres)": {
      value: rps("L6 app purchase [postgres]") / rps("L5p app profile write [postgres]"),
      target: 0.5,
    },
    "L6/L5p (pglite)": {
      value: rps("L6 app purchase [pglite]") / rps("L5p app profile write [pglite]"),
      target: null,
    },
    "L7/L5p (postgres)": {
      value: rps("L7 webhook write [postgres]") / rps("L5p app profile write [postgres]"),
      target: 0.5,
    },
    "L7/L5p (pglite)": {
      value: rps("L7 webhook write [pglite]") / rps("L5p app profile write [pglite]"),
      target: 0.5,
    },
    // Reported, no target (bench/README.md, "The completion write path").
    "L5/L5p (pglite)": {
      value: rps("L5 app auth write [pglite]") / rps("L5p app profile write [pglite]"),
      target: null,
    },
  } satisfies Record<string, Target>;
  console.log(
    `\n${"rung".padEnd(34)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"errors".padStart(8)}${"app µs".padStart(8)}${"db µs".padStart(8)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.rung.padEnd(34)}${r.rps.toFixed(0).padStart(9)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.errors).padStart(8)}${cpuCell(r.appCpuMicros)}${cpuCell(r.dbCpuMicros)}`,
    );
  }
  printTargets("ratio", ratios, "≥", 2);
  // The latency target for a completion, beside the profile write's p99 on the same machine in the same
  // run: a p99 at 50 connections follows the machine's speed (bench/README.md, "Why a p99 follows the machine").
  const latencies = {
    "L5 p99 ms (postgres)": { value: p99("L5 app auth write [postgres]"), target: 100 },
    "L5p p99 ms (postgres)": { value: p99("L5p app profile write [postgres]"), target: null },
  } satisfies Record<string, Target>;
  printTargets("latency", latencies, "≤", 0);
  const out = resolve(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, "latest.json"),
    JSON.stringify(
      { date: new Date().toISOString(), seconds, rounds, connections, rows, ratios, latencies, writePool },
      null,
      2,
    ),
  );
  console.log(`\nwritten to bench/results/latest.json`);
}

// Other benches instead of the ladder: `scale` (latency against data size), `faults` (PostgreSQL goes away),
// `memory` (the server's memory, bench/memory.ts), `soak` (a long realistic mix, bench/soak.ts), `restart`.
const mode = process.argv[2];
const modes: Record<string, () => Promise<void>> = {
  scale: () => import("./scale.ts").then((m) => m.runScale()),
  faults: () => import("./faults.ts").then((m) => m.runFaults()),
  memory: () => import("./memory.ts").then((m) => m.runMemory()),
  soak: () => import("./soak.ts").then((m) => m.runSoak(process.argv.slice(3))),
  // How long `npm start` takes to answer /api/health, first start and restarts (bench/restart.ts).
  restart: () => import("./restart.ts").then((m) => m.runRestart(process.argv.slice(3))),
  // 1,000 sockets and a fan-out to 1,000 users (bench/sockets.ts).
  sockets: () => import("./sockets.ts").then((m) => m.runSockets()),
  // 200 concurrent tutor streams with a fake provider streaming instantly (bench/tutor.ts).
  tutor: () => import("./tutor.ts").then((m) => m.runTutor()),
  // A 5 MB JPEG through the blog image pipeline (bench/upload.ts).
  upload: () => import("./upload.ts").then((m) => m.runUpload()),
  // A cached lesson reloaded with no network, through the service worker (bench/offline-load.ts).
  "offline-load": () => import("./offline-load.ts").then((m) => m.runOfflineLoad(process.argv.slice(3))),
};
const run = mode ? modes[mode] : main;
if (!run) {
  console.error(
    `unknown bench "${mode}": use \`npm run bench\` or \`npm run bench -- <${Object.keys(modes).join("|")}>\``,
  );
  process.exit(1);
}
run().then(
  // process.exitCode when a bench set it (a failed soak), else 0.
  () => process.exit(),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
