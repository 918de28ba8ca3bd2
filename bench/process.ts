import { type ChildProcess, fork } from "node:child_process";
import { resolve } from "node:path";
import { ensureServerBundle } from "../scripts/build-server.mjs";
import { SERVER_NODE_FLAGS } from "../scripts/node-flags.mjs";

const root = resolve(import.meta.dirname, "..");

/** The server's entry. It starts as the bundle `npm start` runs (scripts/build-server.mjs, decision 036). */
export const SERVER_SOURCE = "apps/server/src/server.ts";

/** The file an entry runs as: the server's is its bundle (built first if needed) unless NEONLAB_SERVER_FROM_SOURCE=1. */
async function runnable(entry: string) {
  if (entry === SERVER_SOURCE && process.env.NEONLAB_SERVER_FROM_SOURCE !== "1") return ensureServerBundle();
  return resolve(root, entry);
}

/**
 * Starts an entry in its own process (TypeScript: Node strips the types), with the server's V8 flags
 * (scripts/node-flags.mjs), and resolves when it is ready to serve.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  readyUrl?: string,
  execArgv: string[] = SERVER_NODE_FLAGS,
): Promise<ChildProcess> {
  const profile = process.env.BENCH_CPU_PROF;
  const child = fork(await runnable(entry), [], {
    cwd: root,
    execArgv: profile ? [...execArgv, "--cpu-prof", `--cpu-prof-dir=${profile}`] : execArgv,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  if (readyUrl) {
    await waitForUrl(readyUrl, child);
  } else {
    await new Promise<void>((ok, fail) => {
      child.once("message", () => ok());
      child.once("exit", (code) => fail(new Error(`${entry} exited with ${code}`)));
    });
  }
  return child;
}

async function waitForUrl(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready after 60 s`);
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
