// Starts the built app for the e2e run on a fresh embedded database, as `npm start` does (scripts/serve.mjs: the
// server bundle, built first when the server's sources changed).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dataDir = mkdtempSync(join(tmpdir(), "neonlab-e2e-"));
const env = {
  ...process.env,
  NODE_ENV: "development",
  // The specs read mailed codes from the dev outbox (on by default on loopback; said here explicitly).
  HOST: "127.0.0.1",
  DEV_OUTBOX: "true",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  DATA_DIR: dataDir,
  AUTH_RATE_LIMIT: "false",
  // The specs start from empty community pages; e2e/demo-content.spec.ts starts a server of its own with it on.
  DEMO_CONTENT: "false",
  DATABASE_URL: "",
  REDIS_URL: "",
  SMTP_URL: "",
};
// An admin account (e2e/helpers/admin.ts), made before the server holds the embedded database.
const admin = spawnSync(
  process.execPath,
  [
    "--import",
    "tsx",
    "apps/server/src/cli/admin.ts",
    "create-user",
    "--email",
    "e2e-admin@example.test",
    "--password",
    "e2e-admin-password-9",
    "--name",
    "E2E Admin",
    "--role",
    "admin",
  ],
  { stdio: "inherit", env },
);
if (admin.status !== 0) process.exit(admin.status ?? 1);
const child = spawn(process.execPath, ["scripts/serve.mjs"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
