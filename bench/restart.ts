// `npm run bench -- restart [--runs 5] [--backend both|pglite|postgres]`: how long `npm start` takes to answer
// /api/health, on a first start (new database: migrations, the content import) and then on restarts of an
// unchanged checkout (the restart budget: within 3 s). Run it under `flock /tmp/neonlab-bench.lock`: it is a timing.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { benchApp, prepareDatabase } from "./memory-setup.ts";

const root = resolve(import.meta.dirname, "..");
const TICKS_PER_SECOND = 100;

type Run = { backend: string; start: "first" | "restart"; command: string; ms: number; serverCpuMs: number | null };

function option(args: string[], flag: string, fallback: string) {
  const i = args.indexOf(flag);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
}

/** User + system CPU time of a process so far (Linux /proc), or null elsewhere. */
function cpuMs(pid: number): number | null {
  const path = `/proc/${pid}/stat`;
  if (!existsSync(path)) return null;
  const fields = readFileSync(path, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000;
}

/** Starts `command` in a process group of its own; resolves with the ms until /api/health answers 200. */
async function timeStart(command: string[], env: Record<string, string>, health: string) {
  if (
    await fetch(health).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`something already answers ${health}`);
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command.join(" ")} exited with ${child.exitCode}`);
    const ok = await fetch(health)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { child, ms: Math.round(performance.now() - started) };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${health} did not answer within 120 s`);
}

/** SIGTERM to the whole group (npm, its shell, the server), as Ctrl-C would; waits for the group to end. */
async function stopGroup(child: ChildProcess) {
  const exited = new Promise<void>((r) => (child.exitCode !== null ? r() : child.once("exit", () => r())));
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    return; // the group has ended already
  }
  await exited;
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(-child.pid!, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  process.kill(-child.pid!, "SIGKILL");
}

export async function runRestart(args: string[]) {
  const runs = Number(option(args, "--runs", "5"));
  const backend = option(args, "--backend", "both");
  const backends = backend === "both" ? (["pglite", "postgres"] as const) : ([backend] as ("pglite" | "postgres")[]);
  const { app } = benchApp();
  const health = `${app.base}/api/health`;
  const dir = mkdtempSync(join(tmpdir(), "neonlab-restart-"));
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
  console.log(`load average before: ${load()}`);
  const results: Run[] = [];
  for (const name of backends) {
    const url = name === "postgres" ? await prepareDatabase("restart") : "";
    const env = app.env({ DATABASE_URL: url, DATA_DIR: join(dir, name) });
    // `npm start` as an operator runs it (web build check, then the server), and the server alone
    // (scripts/serve.mjs, whose process id stays the server's: its CPU time is read when it answers).
    const commands = [
      { label: "npm start", argv: ["npm", "start", "--silent"] },
      { label: "node scripts/serve.mjs", argv: [process.execPath, "scripts/serve.mjs"] },
    ];
    for (let i = 0; i <= runs; i++) {
      for (const command of i === 0 ? commands.slice(0, 1) : commands) {
        const { child, ms } = await timeStart(command.argv, env, health);
        const serverCpuMs = command.label === "npm start" ? null : cpuMs(child.pid!);
        await stopGroup(child);
        const run: Run = {
          backend: name,
          start: i === 0 ? "first" : "restart",
          command: command.label,
          ms,
          serverCpuMs,
        };
        results.push(run);
        const cpu = serverCpuMs === null ? "" : `  (server CPU ${Math.round(serverCpuMs)} ms)`;
        console.log(
          `${name.padEnd(8)} ${run.start.padEnd(7)} ${command.label.padEnd(22)} ${String(ms).padStart(6)} ms${cpu}`,
        );
      }
    }
  }
  console.log(`load average after: ${load()}`);
  for (const name of backends)
    for (const label of ["npm start", "node scripts/serve.mjs"]) {
      const times = results
        .filter((r) => r.backend === name && r.start === "restart" && r.command === label)
        .map((r) => r.ms)
        .sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      console.log(`${name}: restart, ${label}: median ${median} ms (${times.join(", ")}); budget: ≤ 3000 ms`);
    }
  rmSync(dir, { recursive: true, force: true });
  const out = resolve(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, "restart.json"),
    JSON.stringify({ date: new Date().toISOString(), loadavg: loadavg(), runs: results }, null, 2),
  );
  console.log("written to bench/results/restart.json");
}
