// Preloaded into the server by `npm run bench` under BENCH_TRACE (--import): appends each full (mark-compact)
// garbage collection of the main thread to the file BENCH_GC_LOG names, one line "<start ms>,<pause ms>" with
// the start as Unix time in milliseconds, so bench/trace.ts can set them beside the requests. Not part of the app.
import { appendFileSync } from "node:fs";
import { constants, PerformanceObserver } from "node:perf_hooks";

const file = process.env.BENCH_GC_LOG;
if (file) {
  new PerformanceObserver((list) => {
    const lines = list
      .getEntries()
      .filter((entry) => entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
      .map((entry) => `${(performance.timeOrigin + entry.startTime).toFixed(1)},${entry.duration.toFixed(2)}\n`);
    if (lines.length > 0) appendFileSync(file, lines.join(""));
  }).observe({ entryTypes: ["gc"] });
}
