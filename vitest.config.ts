import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one worker on these 2-core machines, which left the
    // cores ~60 % idle while server tests waited on PostgreSQL, timers and sockets. Three files at a time
    // (decision 035).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 3,
    projects: [
      {
        test: {
          name: "shared",
          include: ["packages/shared/src/**/*.test.ts", "scripts/**/*.test.mjs"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          isolate: false,
          // The server's start-up preload in every worker: the compile cache (node_modules compiled once, not
          // once per test file) and the cheaper resolver for packages' own imports (docs/decisions/023).
          execArgv: ["--import", "./scripts/server-preload.mjs"],
        },
      },
      "apps/web/vitest.config.ts",
    ],
  },
});
