// `npm run bench -- memory`: the server's memory on PGlite and on PostgreSQL, idle after a first start,
// idle after a restart, under the ladder's load (L3 read, L4 auth read, L5p profile write) and after it,
// during an upload burst and 5 s after it (bench/memory-uploads.ts), beside the floors (bare Fastify, an
// empty PGlite on a worker). Budgets: bench/README.md.
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/node-flags.mjs";
import { measure } from "./measure.ts";
import { formatMemory, type Memory, sampleMemory, sampleWhile, startProbed } from "./memory-sample.ts";
import { benchApp, prepareDatabase } from "./memory-setup.ts";
import { BURST, BURST_BUDGET, type BurstResult, grantWriters, uploadBurst } from "./memory-uploads.ts";
import { startProcess, stopProcess } from "./process.ts";
import { seed } from "./seed.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Idle figures are taken this long after /api/ready answers (pg-boss's first polls, timers). */
const IDLE_MS = 8000;

/** The footprint budgets (this machine): RSS in MB. */
const BUDGETS = { pglite: { idle: 300, load: 400 }, postgres: { idle: 150, load: 220 } } as const;

type Row = { backend: "pglite" | "postgres"; phase: string; memory: Memory };

async function probed(script: string, env: Record<string, string>) {
  const probe = resolve(import.meta.dirname, "memory-probe.mjs");
  const child = await startProcess(script, env, undefined, [...SERVER_NODE_FLAGS, "--import", probe]);
  await settle(3000);
  const memory = await sampleMemory(child);
  await stopProcess(child);
  return memory;
}

export async function runMemory() {
  const { app, port } = benchApp();
  const pgUrl = await prepareDatabase("memory");
  const dir = mkdtempSync(join(tmpdir(), "neonlab-memory-"));
  const rows: Row[] = [];
  const bursts: Partial<Record<"pglite" | "postgres", BurstResult>> = {};
  const floors = {
    "bare Fastify": await probed("bench/servers/bare-fastify.ts", { PORT: String(port) }),
    "empty PGlite, new": await probed("bench/servers/empty-pglite.ts", { PGLITE_DIR: join(dir, "empty") }),
    "empty PGlite, reopened": await probed("bench/servers/empty-pglite.ts", { PGLITE_DIR: join(dir, "empty") }),
  };
  for (const [name, memory] of Object.entries(floors)) console.log(`floor ${name.padEnd(22)} ${formatMemory(memory)}`);

  for (const backend of ["pglite", "postgres"] as const) {
    const env =
      backend === "pglite"
        ? { DATABASE_URL: "", DATA_DIR: join(dir, "data") }
        : { DATABASE_URL: pgUrl, DATA_DIR: join(dir, "pg") };
    const record = (phase: string, memory: Memory) => {
      rows.push({ backend, phase, memory });
      console.log(`${backend.padEnd(8)} ${phase.padEnd(22)} ${formatMemory(memory)}`);
    };
    // First start: a new database (PGlite creates its cluster), migrations, the content import.
    let child: ChildProcess = await startProbed(app.env(env), app.ready);
    await settle(IDLE_MS);
    record("idle, first start", await sampleMemory(child));
    await stopProcess(child);
    // The ladder's users and sessions, written while no server holds the database.
    const seeded = await seed({
      url: backend === "postgres" ? pgUrl : undefined,
      dataDir: env.DATA_DIR,
      users: 2000,
      lessons: 2,
    });
    await grantWriters(
      { url: backend === "postgres" ? pgUrl : undefined, dataDir: env.DATA_DIR },
      seeded.userIds.slice(0, BURST.requests),
    );
    child = await startProbed(app.env(env), app.ready);
    await settle(IDLE_MS);
    record("idle, restart", await sampleMemory(child));
    const username = seeded.usernames[42]!;
    const loads = [
      { name: "L3 read", load: { url: `${app.base}/api/profiles/${username}` } },
      { name: "L4 auth read", load: { url: `${app.base}/api/profile`, tokens: seeded.tokens } },
      {
        name: "L5p profile write",
        load: {
          url: `${app.base}/api/profile`,
          method: "PUT" as const,
          tokens: seeded.tokens,
          body: () => JSON.stringify({ bio: `memory ${Math.random().toString(36).slice(2)}` }),
        },
      },
    ];
    const under: Memory[] = [];
    for (const { name, load } of loads) {
      const { result, samples } = await sampleWhile(child, 1000, measure(load, seconds, connections));
      const top = samples.reduce((a, b) => (b.rss > a.rss ? b : a), samples[0]!);
      under.push(top);
      console.log(
        `${backend.padEnd(8)} ${`under ${name}`.padEnd(22)} ${formatMemory(top)}  (${result.rps.toFixed(0)} req/s, ${result.errors + result.non2xx} errors)`,
      );
    }
    rows.push({
      backend,
      phase: "under load (highest sample)",
      memory: under.reduce((a, b) => (b.rss > a.rss ? b : a)),
    });
    await settle(IDLE_MS);
    record("after load", await sampleMemory(child));
    const burst = await uploadBurst(child, app.base, seeded.tokens);
    bursts[backend] = burst;
    const what = `${BURST.requests} × ${BURST.imagesPerRequest} images of ${(BURST.side ** 2 / 1e6).toFixed(0)} MP`;
    console.log(
      `${backend.padEnd(8)} ${"upload burst".padEnd(22)} ${formatMemory(burst.highest)}  (${what}: ${burst.seconds.toFixed(1)} s, statuses ${burst.statuses.join(" ")})`,
    );
    rows.push({ backend, phase: "upload burst (highest sample)", memory: burst.highest });
    record("5 s after the burst", burst.after);
    await stopProcess(child);
  }
  rmSync(dir, { recursive: true, force: true });

  console.log(
    `\n${"mode".padEnd(9)}${"idle (restart)".padStart(16)}${"budget".padStart(8)}${"under load".padStart(12)}${"peak".padStart(8)}${"budget".padStart(8)}  met`,
  );
  const verdicts = (["pglite", "postgres"] as const).map((backend) => {
    const of = (phase: string) => rows.find((r) => r.backend === backend && r.phase === phase)!.memory;
    const idle = of("idle, restart").rss;
    const load = of("under load (highest sample)").rss;
    const peak = of("after load").peak;
    const met = idle <= BUDGETS[backend].idle && load <= BUDGETS[backend].load;
    console.log(
      `${backend.padEnd(9)}${String(idle).padStart(16)}${String(BUDGETS[backend].idle).padStart(8)}${String(load).padStart(12)}${String(peak).padStart(8)}${String(BUDGETS[backend].load).padStart(8)}  ${met ? "yes" : "NO"}`,
    );
    return { backend, idle, load, peak, budget: BUDGETS[backend], met };
  });
  const pgliteBurst = bursts.pglite!;
  const burstMet = pgliteBurst.after.rss <= BURST_BUDGET.pglite && pgliteBurst.statuses.every((s) => s === 200);
  console.log(
    `upload burst, pglite: highest sample ${pgliteBurst.highest.rss} MB, 5 s after ${pgliteBurst.after.rss} MB (budget ${BURST_BUDGET.pglite})  ${burstMet ? "yes" : "NO"}`,
  );
  const out = resolve(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, "memory.json"),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        seconds,
        connections,
        flags: SERVER_NODE_FLAGS,
        floors,
        rows,
        verdicts,
        burst: { ...BURST, budget: BURST_BUDGET, met: burstMet, results: bursts },
      },
      null,
      2,
    ),
  );
  console.log("\nwritten to bench/results/memory.json (MB)");
}
