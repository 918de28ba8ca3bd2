// Memory of a server process started with bench/memory-probe.mjs: asked over IPC (main thread and worker
// threads as V8 sees them, RSS and its peak from /proc).
import type { ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/node-flags.mjs";
import { SERVER_SOURCE, startProcess } from "./process.ts";

export type Memory = {
  rss: number;
  /** VmHWM: the highest RSS since the process started. */
  peak: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  workers: { heapUsed: number; heapTotal: number; external: number; malloced: number }[];
};

const probe = resolve(import.meta.dirname, "memory-probe.mjs");
/** What scripts/serve.mjs loads before the server (compile cache, resolver hook). */
const preload = resolve(import.meta.dirname, "../scripts/server-preload.mjs");

/** The server as npm start runs it (its bundle: scripts/build-server.mjs), plus the probe. */
export function startProbed(env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  return startProcess(SERVER_SOURCE, env, readyUrl, [...SERVER_NODE_FLAGS, "--import", preload, "--import", probe]);
}

export function sampleMemory(child: ChildProcess): Promise<Memory> {
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error("the server did not report its memory within 5 s")), 5000);
    child.once("message", (message) => {
      clearTimeout(timer);
      ok(message as Memory);
    });
    child.send("memory");
  });
}

/** One line: RSS (peak), main-thread heap used / total, external, array buffers, and each worker's. */
export function formatMemory(m: Memory): string {
  const workers = m.workers
    .map((w) => `  worker: heap ${w.heapUsed}/${w.heapTotal} MB, external ${w.external} MB (PGlite's WASM heap)`)
    .join("");
  return `RSS ${m.rss} MB (peak ${m.peak})  heap ${m.heapUsed}/${m.heapTotal} MB  external ${m.external} MB  arrayBuffers ${m.arrayBuffers} MB${workers}`;
}

/** Samples every `everyMs` while `during` runs; resolves with its result and the samples. */
export async function sampleWhile<T>(child: ChildProcess, everyMs: number, during: Promise<T>) {
  const samples: Memory[] = [];
  let done = false;
  const finished = during.finally(() => {
    done = true;
  });
  while (!done) {
    await Promise.race([finished.catch(() => {}), new Promise((r) => setTimeout(r, everyMs))]);
    if (!done) samples.push(await sampleMemory(child));
  }
  return { result: await finished, samples };
}
