// Preloaded into the server by `npm run bench -- memory` / `-- soak` (--import): answers an IPC message
// "memory" with the process's memory as V8 and Node see it, for the main thread and every worker thread
// (the PGlite worker: its WASM heap is the worker's external memory). Not part of the app.
import diagnostics from "node:diagnostics_channel";
import { readFileSync } from "node:fs";

const workers = new Set();
diagnostics.subscribe("worker_threads", ({ worker }) => {
  workers.add(worker);
  worker.once("exit", () => workers.delete(worker));
});

const mb = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
const status = (key) =>
  Number(readFileSync("/proc/self/status", "utf8").match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0) / 1024;

process.on("message", async (message) => {
  if (message !== "memory") return;
  const main = process.memoryUsage();
  const threads = await Promise.all([...workers].map((worker) => worker.getHeapStatistics().catch(() => null)));
  process.send({
    rss: mb(status("VmRSS") * 1048576),
    peak: mb(status("VmHWM") * 1048576),
    heapUsed: mb(main.heapUsed),
    heapTotal: mb(main.heapTotal),
    external: mb(main.external),
    arrayBuffers: mb(main.arrayBuffers),
    workers: threads.filter(Boolean).map((h) => ({
      heapUsed: mb(h.used_heap_size),
      heapTotal: mb(h.total_heap_size),
      external: mb(h.external_memory),
      malloced: mb(h.malloced_memory),
    })),
  });
});
process.channel?.unref();
