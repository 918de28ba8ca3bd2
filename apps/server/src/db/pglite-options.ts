import type { PGliteOptions } from "@electric-sql/pglite";

/** PGlite's own start parameters (0.5.16), which `startParams` replaces, so they are repeated here. */
const PGLITE_DEFAULT_START = [
  "--single",
  "-F",
  "-O",
  "-j",
  "-c",
  "search_path=public",
  "-c",
  "exit_on_error=false",
  "-c",
  "log_checkpoints=false",
  "-c",
  "max_worker_processes=0",
  "-c",
  "max_parallel_workers=0",
  "-c",
  "max_parallel_workers_per_gather=0",
  "-c",
  "io_method=sync",
  "-c",
  "max_parallel_maintenance_workers=0",
];

const SIZE = /^\d+(kB|MB|GB)$/;

/**
 * The embedded database's memory settings (docs/decisions/023). PGlite's defaults are PostgreSQL's:
 * shared_buffers 128 MB, which the WASM heap fills as pages are read and never gives back; 16 MB holds
 * the working set of a class-sized install (the files stay in the OS page cache as well).
 * `PGLITE_SHARED_BUFFERS` (e.g. `64MB`) overrides it; a bad value stops start-up naming the variable.
 */
export function pgliteOptions(env: NodeJS.ProcessEnv = process.env): PGliteOptions {
  const sharedBuffers = env.PGLITE_SHARED_BUFFERS || "16MB";
  if (!SIZE.test(sharedBuffers)) {
    throw new Error(`PGLITE_SHARED_BUFFERS must be a size such as 16MB or 128MB (got "${sharedBuffers}")`);
  }
  return {
    startParams: [
      ...PGLITE_DEFAULT_START,
      "-c",
      `shared_buffers=${sharedBuffers}`,
      // Per-session buffers for temporary tables and each sort or hash: PostgreSQL's defaults (8 MB, 4 MB)
      // are sized for many sessions on a big machine; one embedded session needs less.
      "-c",
      "temp_buffers=2MB",
      "-c",
      "maintenance_work_mem=16MB",
    ],
  };
}
