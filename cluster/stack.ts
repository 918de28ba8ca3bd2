// The processes of the cluster check: NeonLab instances (`npm run start:prod`'s command, each on a loopback address
// of its own, all on the same two ports, as containers would be), Caddy on the repository's Caddyfile, and the
// command-line tools of PostgreSQL. Each process is started in its own process group and ended by its id.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { closeSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { waitFor } from "./client.ts";

export const root = resolve(import.meta.dirname, "..");
const run = promisify(execFile);

export type Instance = {
  name: string;
  /** Its loopback address: the app listens on host:port, the preview site on host:port+1. */
  host: string;
  port: number;
  /** The address Caddy dials (the sticky cookie names it). */
  dial: string;
  env: Record<string, string>;
  logFile: string;
  child: ChildProcess | null;
};

/** Runs a command to its end; its output is returned, or the error names the command and what it printed. */
export async function command(file: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  try {
    return (await run(file, args, { env, maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${file} ${args.join(" ")} failed: ${(stderr || stdout || String(error)).trim().slice(-800)}`);
  }
}

const portFree = (host: string, port: number) =>
  new Promise<boolean>((done) => {
    const probe = createServer();
    probe.once("error", () => done(false));
    probe.listen(port, host, () => probe.close(() => done(true)));
  });

async function anyPort(host: string) {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, host, done));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

/** A port free on every host given, with the next one free too (the app's and the preview's). */
export async function freePortPair(hosts: string[]): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await anyPort(hosts[0]!);
    if (port >= 65535) continue;
    let free = true;
    for (const host of hosts) free = free && (await portFree(host, port)) && (await portFree(host, port + 1));
    if (free) return port;
  }
  throw new Error(`no free pair of ports on ${hosts.join(", ")}`);
}

export const freePort = anyPort;

/**
 * The command of `npm run start:prod` (package.json), run without npm in between, as the image's CMD runs it:
 * npm does not hand SIGTERM on to its script (npm 11 exits at once and leaves the server running, undrained).
 */
export function startProdCommand(): [string, string[]] {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const [file, ...args] = pkg.scripts["start:prod"]!.split(" ");
  return [file === "node" ? process.execPath : file!, args];
}

/** Starts `npm run start:prod`'s command for the instance; resolves once its /api/ready answers 200 (directly). */
export async function startInstance(instance: Instance, limitMs = 180_000): Promise<number> {
  const started = Date.now();
  const log = openSync(instance.logFile, "a");
  const [file, args] = startProdCommand();
  const child = spawn(file, args, {
    cwd: root,
    env: instance.env,
    detached: true,
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  instance.child = child;
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code, signal) =>
      reject(new Error(`${instance.name} exited with ${signal ?? code}:\n${tail(instance.logFile)}`)),
    ),
  );
  exited.catch(() => undefined);
  const ready = waitFor(`${instance.name} ready`, limitMs, async () => {
    // Gone: `exited` says why (and this wait ends, so nothing keeps polling).
    if (child.exitCode !== null || child.signalCode !== null) return false;
    const res = await fetch(`http://${instance.dial}/api/ready`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.ok ? true : undefined;
  });
  if ((await Promise.race([exited, ready])) === false) await exited;
  return Date.now() - started;
}

/**
 * SIGTERM to the server (it drains: SHUTDOWN_DELAY_MS out of rotation, then closes); resolves with how it ended
 * and how long it took. After `limitMs` its process group is killed.
 */
export async function stopInstance(instance: Instance, limitMs = 40_000) {
  const child = instance.child;
  instance.child = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return { code: child?.exitCode ?? null, ms: 0 };
  const started = Date.now();
  const exit = new Promise<number | string | null>((done) =>
    child.once("exit", (code, signal) => done(signal ?? code)),
  );
  child.kill("SIGTERM");
  const timer = setTimeout(() => killGroup(child), limitMs);
  const code = await exit;
  clearTimeout(timer);
  // Nothing should be left in its group; anything that is would hold the ports.
  killGroup(child);
  return { code, ms: Date.now() - started };
}

/** Kills what is left of a process started with `detached: true` (its own process group), by its id. */
export function killGroup(child: ChildProcess) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // The group is gone already.
  }
}

export const tail = (file: string, lines = 25) => {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
};

/**
 * The repository's Caddyfile for this run: its upstreams app-1/app-2 and ports 3000/3001 replaced by the
 * instances' addresses and ports, and a global block for a test on loopback (no admin API, no TLS, bound to
 * 127.0.0.1). Everything else (policy, health checks, retries) is the file's own.
 */
export function caddyfileFor(instances: Instance[]): string {
  const source = readFileSync(join(root, "Caddyfile"), "utf8");
  let text = source.replace(/\bapp-(\d+):(3000|3001)\b/g, (match, n: string, upstreamPort: string) => {
    const instance = instances[Number(n) - 1];
    if (!instance) throw new Error(`the Caddyfile names ${match}, which this check does not start`);
    return `${instance.host}:${upstreamPort === "3000" ? instance.port : instance.port + 1}`;
  });
  text = text.replace(/\bhealth_port 3000\b/g, `health_port ${instances[0]!.port}`);
  for (const instance of instances) {
    for (const dial of [instance.dial, `${instance.host}:${instance.port + 1}`]) {
      if (!text.includes(dial)) throw new Error(`the Caddyfile does not route to ${dial} (expected app-N:3000/3001)`);
    }
  }
  return `{\n\tadmin off\n\tauto_https off\n\tdefault_bind 127.0.0.1\n}\n\n${text}`;
}

/** Caddy (the Debian package's binary on PATH) with `caddyfile`, its state and log in `dir`. */
export async function startCaddy(dir: string, caddyfile: string, env: Record<string, string>) {
  const file = join(dir, "Caddyfile");
  writeFileSync(file, caddyfile);
  const logFile = join(dir, "caddy.log");
  const log = openSync(logFile, "a");
  const child = spawn("caddy", ["run", "--config", file, "--adapter", "caddyfile"], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: dir,
      XDG_DATA_HOME: join(dir, "data"),
      XDG_CONFIG_HOME: join(dir, "config"),
      ...env,
    },
    detached: true,
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const failed = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`caddy exited with ${code}:\n${tail(logFile)}`))),
  );
  failed.catch(() => undefined);
  return { child, logFile, failed };
}
