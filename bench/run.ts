// `npm run bench`: the API ladder, all rungs in one run, alternating rounds, medians and ratios.
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { type Load, measure, median, type Sample } from "./measure.ts";
import { startProcess, stopProcess } from "./process.ts";
import { seed } from "./seed.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const serverUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = 3900;
const base = `http://127.0.0.1:${PORT}`;

type Backend = { name: "postgres" | "pglite"; env: Record<string, string> };
type Rung = { id: string; backend?: Backend["name"]; start: () => Promise<ChildProcess>; load: Load };

async function preparePostgres(): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query("drop database if exists neonlab_bench with (force)");
  await admin.query("create database neonlab_bench");
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = "/neonlab_bench";
  return url.toString();
}

function appEnv(backend: Backend): Record<string, string> {
  return {
    ...backend.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    NODE_ENV: "production",
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
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
  console.log(`seeding 2,000 users into PostgreSQL and PGlite…`);
  const seeded = await seed({ url: pgUrl, users: 2000 });
  const seededLite = await seed({ dataDir: pgliteDir, users: 2000 });
  const username = seeded.usernames[42]!;

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
    const tokens = backend.name === "postgres" ? seeded.tokens : seededLite.tokens;
    const app = () => startProcess("apps/server/src/server.ts", appEnv(backend), `${base}/api/ready`);
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
      { id: "L3 app read", backend: backend.name, start: app, load: { url: `${base}/api/profiles/${username}` } },
      { id: "L4 app auth read", backend: backend.name, start: app, load: { url: `${base}/api/profile`, tokens } },
      {
        id: "L5 app auth write",
        backend: backend.name,
        start: app,
        load: {
          url: `${base}/api/profile`,
          method: "PUT",
          tokens,
          body: () => JSON.stringify({ bio: `bench ${Math.random().toString(36).slice(2)}` }),
        },
      },
    );
  }

  const samples = new Map<string, Sample[]>();
  for (let round = 1; round <= rounds; round++) {
    for (const rung of rungs) {
      const key = rung.backend ? `${rung.id} [${rung.backend}]` : rung.id;
      const child = await rung.start();
      try {
        await measure(rung.load, warmup, connections);
        const sample = await measure(rung.load, seconds, connections);
        samples.set(key, [...(samples.get(key) ?? []), sample]);
        console.log(`round ${round}/${rounds} ${key.padEnd(32)} ${sample.rps.toFixed(0).padStart(7)} req/s`);
      } finally {
        await stopProcess(child);
      }
    }
  }
  report(samples);
  rmSync(pgliteDir, { recursive: true, force: true });
}

function report(samples: Map<string, Sample[]>) {
  const rows = [...samples].map(([key, list]) => ({
    rung: key,
    rps: median(list.map((s) => s.rps)),
    p50: median(list.map((s) => s.p50)),
    p99: median(list.map((s) => s.p99)),
    errors: list.reduce((n, s) => n + s.errors + s.non2xx, 0),
  }));
  const rps = (key: string) => rows.find((r) => r.rung === key)?.rps ?? Number.NaN;
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
  };
  console.log(
    `\n${"rung".padEnd(34)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"errors".padStart(8)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.rung.padEnd(34)}${r.rps.toFixed(0).padStart(9)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.errors).padStart(8)}`,
    );
  }
  console.log(`\n${"ratio".padEnd(28)}${"value".padStart(8)}${"target".padStart(9)}  met`);
  for (const [name, { value, target }] of Object.entries(ratios)) {
    console.log(
      `${name.padEnd(28)}${value.toFixed(2).padStart(8)}${`≥ ${target}`.padStart(9)}  ${value >= target ? "yes" : "NO"}`,
    );
  }
  const out = resolve(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, "latest.json"),
    JSON.stringify({ date: new Date().toISOString(), seconds, rounds, connections, rows, ratios }, null, 2),
  );
  console.log(`\nwritten to bench/results/latest.json`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
