import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

// BENCH_TRACE=<dir>: when did a round's slowest requests happen? Every measured response (its end as Unix time
// in ms, its latency) goes to <dir>/<rung>-round<n>.csv, the server's full garbage collections (bench/gc-probe.mjs,
// preloaded) to <rung>-round<n>.gc.csv, and one line per round says in which 100 ms windows the slowest 1 %
// started and how many of them started within 300 ms before a full collection of the server (bench/README.md,
// "Garbage collection and the read deadline").

export const traceDir = process.env.BENCH_TRACE || undefined;

export type TracedServer = { execArgv: string[]; env: Record<string, string> };

/** The server's extra node flags and environment for a traced round: its full collections go to `file`. */
export function tracedServer(file: string): TracedServer {
  return { execArgv: ["--import", resolve(import.meta.dirname, "gc-probe.mjs")], env: { BENCH_GC_LOG: file } };
}

/** A round being traced: where the server writes its collections, each response as it ends, the summary. */
export type RoundTrace = { collections: string; add(latencyMs: number): void; finish(): string };

const WINDOW_MS = 100;
/** A full collection's incremental marking runs beside the requests for up to a few hundred ms before its pause. */
const MARKING_MS = 300;

export function roundTrace(key: string, round: number): RoundTrace {
  const base = join(traceDir!, `${key.replace(/\W+/g, "-").replace(/-$/, "")}-round${round}`);
  mkdirSync(traceDir!, { recursive: true });
  rmSync(`${base}.gc.csv`, { force: true });
  const ends: number[] = [];
  const latencies: number[] = [];
  return {
    collections: `${base}.gc.csv`,
    add(latencyMs) {
      ends.push(performance.timeOrigin + performance.now());
      latencies.push(latencyMs);
    },
    finish() {
      const lines = ends.map((end, i) => `${end.toFixed(1)},${latencies[i]!.toFixed(2)}`);
      writeFileSync(`${base}.csv`, `end_ms,latency_ms\n${lines.join("\n")}\n`);
      return summarise(ends, latencies, readCollections(`${base}.gc.csv`));
    },
  };
}

function readCollections(file: string): number[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => Number(line.split(",")[0]));
}

/** Where the slowest 1 % of a round started, beside the server's full collections. */
function summarise(ends: number[], latencies: number[], collections: number[]): string {
  if (latencies.length === 0) return "no responses";
  const starts = ends.map((end, i) => end - latencies[i]!);
  // Not Math.min(...starts): a fast rung has a few hundred thousand responses, more than a call's arguments.
  const t0 = starts.reduce((least, start) => Math.min(least, start), Number.POSITIVE_INFINITY);
  const last = ends.reduce((most, end) => Math.max(most, end), 0);
  const threshold = [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length * 0.99)]!;
  const slow = starts.filter((_, i) => latencies[i]! >= threshold);
  const windows = new Map<number, number>();
  for (const start of slow) {
    const window = Math.floor((start - t0) / WINDOW_MS);
    windows.set(window, (windows.get(window) ?? 0) + 1);
  }
  const nearCollection = slow.filter((start) =>
    collections.some((gc) => start >= gc - MARKING_MS && start <= gc),
  ).length;
  const top = [...windows.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([window, count]) => `${((window * WINDOW_MS) / 1000).toFixed(1)} s ×${count}`);
  const during = collections.filter((gc) => gc >= t0 && gc <= last);
  const at = during.map((gc) => ((gc - t0) / 1000).toFixed(2)).join(", ");
  return (
    `slowest 1 % (≥ ${threshold.toFixed(0)} ms, ${slow.length}) started in ${windows.size} of ` +
    `${Math.ceil((last - t0) / WINDOW_MS)} windows of ${WINDOW_MS} ms (${top.join(", ")}); ` +
    `${nearCollection} within ${MARKING_MS} ms before one of the server's ${during.length} full collections (${at || "none"} s)`
  );
}
