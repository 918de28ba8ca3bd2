// `npm run bench -- faults`: what the server does while PostgreSQL goes away, measured through a TCP
// proxy (apps/server/src/test/tcp-proxy.ts) between the app (its own process) and the database.
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { startTcpProxy, type TcpProxy } from "../apps/server/src/test/tcp-proxy.ts";
import { SERVER_SOURCE, startProcess, stopProcess } from "./process.ts";
import { seed } from "./seed.ts";

const serverUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = Number(process.env.BENCH_PORT ?? 3901);
const base = `http://127.0.0.1:${PORT}`;
/** How long each sustained fault (refuse, freeze, lock) lasts. */
const FAULT_MS = Number(process.env.BENCH_FAULT_MS ?? 5000);
const CONCURRENCY = 8;
const DATABASE = "neonlab_bench_faults";

type Answer = { status: number; ms: number; at: number };
type Row = {
  fault: string;
  first503: number | null;
  slowest: number;
  non2xx: number;
  readyMs: number | null;
  readyStatus: number | null;
  recoverMs: number | null;
  alive: boolean;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(path: string, token?: string): Promise<Answer> {
  const start = performance.now();
  const status = await fetch(`${base}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(30_000),
  }).then(
    async (res) => {
      await res.arrayBuffer();
      return res.status;
    },
    () => 0,
  );
  return { status, ms: performance.now() - start, at: performance.now() };
}

/** Profile reads from CONCURRENCY callers until stopped; every answer, with when it arrived. */
function startLoad(tokens: string[]) {
  const answers: Answer[] = [];
  let running = true;
  let next = 0;
  const loops = Array.from({ length: CONCURRENCY }, async () => {
    while (running) answers.push(await get("/api/profile", tokens[next++ % tokens.length]));
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Milliseconds from `from` until a profile read started then answers 200 (polled every 50 ms). */
async function timeToRecover(from: number, token: string): Promise<number | null> {
  while (performance.now() - from < 60_000) {
    if ((await get("/api/profile", token)).status === 200) return performance.now() - from;
    await sleep(50);
  }
  return null;
}

async function main() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const direct = new URL(serverUrl);
  direct.pathname = `/${DATABASE}`;
  console.log("seeding 200 users…");
  const { tokens } = await seed({ url: direct.toString(), users: 200, lessons: 2 });

  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const applicationName = `neonlab_bench_faults_${randomUUID().slice(0, 8)}`;
  const proxied = new URL(direct);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(proxy.port);
  proxied.searchParams.set("application_name", applicationName);
  const child = await startProcess(
    SERVER_SOURCE,
    {
      DATABASE_URL: proxied.toString(),
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      LOG_LEVEL: "silent",
      IMPORT_CONTENT: "false",
    },
    `${base}/api/ready`,
  );
  const sql = new pg.Client({ connectionString: direct.toString() });
  await sql.connect();

  const faults: { name: string; sustained: boolean; start: () => Promise<void>; end: () => Promise<void> }[] = [
    {
      name: "terminate backends",
      sustained: false,
      start: async () => {
        await sql.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [
          applicationName,
        ]);
      },
      end: async () => {},
    },
    { name: "drop connections", sustained: false, start: async () => proxy.drop(), end: async () => {} },
    ...(["refuse", "freeze"] as const).map((mode) => ({
      name: `${mode} (${FAULT_MS / 1000} s)`,
      sustained: true,
      start: async () => proxy.set(mode),
      end: async () => proxy.set("pass"),
    })),
    {
      name: `lock profiles (${FAULT_MS / 1000} s)`,
      sustained: true,
      start: async () => {
        await sql.query("begin");
        await sql.query("lock table profiles in access exclusive mode");
      },
      end: async () => {
        await sql.query("rollback");
      },
    },
  ];

  const rows: Row[] = [];
  try {
    for (const fault of faults) {
      rows.push(await measureFault(fault, tokens, proxy, child));
      await sleep(1000);
    }
  } finally {
    proxy.set("pass");
    await stopProcess(child);
    await sql.end();
    await proxy.close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${DATABASE} with (force)`);
    await cleanup.end();
  }
  report(rows);
}

async function measureFault(
  fault: { name: string; sustained: boolean; start: () => Promise<void>; end: () => Promise<void> },
  tokens: string[],
  _proxy: TcpProxy,
  child: ChildProcess,
): Promise<Row> {
  const load = startLoad(tokens);
  await sleep(500);
  const t0 = performance.now();
  await fault.start();
  let ready: Answer | null = null;
  if (fault.sustained) {
    await sleep(Math.min(1000, FAULT_MS / 2));
    ready = await get("/api/ready");
    await sleep(FAULT_MS - Math.min(1000, FAULT_MS / 2) - ready.ms);
  } else {
    await sleep(1000);
  }
  const t1 = performance.now();
  await fault.end();
  const recovered = fault.sustained ? await timeToRecover(t1, tokens[0]!) : null;
  await load.stop();
  const during = load.answers.filter((a) => a.at >= t0 && a.at - a.ms <= t1);
  // A one-off fault: until the last answer that was not a 200.
  const lastFailure = Math.max(t0, ...during.filter((a) => a.status !== 200).map((a) => a.at));
  const recoverMs = fault.sustained ? recovered : lastFailure - t0;
  const first503 = during.find((a) => a.status === 503);
  return {
    fault: fault.name,
    first503: first503 ? first503.at - t0 : null,
    slowest: Math.max(0, ...during.map((a) => a.ms)),
    non2xx: during.filter((a) => a.status !== 200).length,
    readyMs: ready?.ms ?? null,
    readyStatus: ready?.status ?? null,
    recoverMs,
    alive: child.exitCode === null,
  };
}

function report(rows: Row[]) {
  const ms = (v: number | null) => (v === null ? "-" : `${Math.round(v)}`);
  console.log(
    `\n${"fault".padEnd(22)}${"first 503 ms".padStart(13)}${"slowest ms".padStart(12)}${"non-2xx".padStart(9)}${"/api/ready".padStart(16)}${"recover ms".padStart(12)}${"alive".padStart(7)}`,
  );
  for (const r of rows) {
    const ready = r.readyStatus === null ? "-" : `${r.readyStatus} in ${ms(r.readyMs)}`;
    console.log(
      `${r.fault.padEnd(22)}${ms(r.first503).padStart(13)}${ms(r.slowest).padStart(12)}${String(r.non2xx).padStart(9)}${ready.padStart(16)}${ms(r.recoverMs).padStart(12)}${(r.alive ? "yes" : "NO").padStart(7)}`,
    );
  }
  console.log(
    "\nfirst 503: from the fault to the first 503 answer; slowest: the longest answer during the fault;" +
      "\nrecover: from the end of the fault until a profile read answers 200 (terminate, drop: from the fault" +
      "\nto its last answer that was not a 200)." +
      "\nPromised: 503 within 2 s, /api/ready within 1 s, recovery within 5 s (docs/operating.md).",
  );
}

export async function runFaults() {
  await main();
}
