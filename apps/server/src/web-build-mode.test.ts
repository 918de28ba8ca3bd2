import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { webBuildRefusal } from "./web-build-mode.ts";

const serverEntry = resolve(import.meta.dirname, "server.ts");
const SECRET = "a-production-secret-of-at-least-32-chars";
const HASH = "a".repeat(64);

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** A web build in a temporary folder with the given .build-stamp text (none when null). */
function webBuild(stamp: string | null): string {
  const dist = mkdtempSync(join(tmpdir(), "neonlab-web-mode-"));
  temporary.push(dist);
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>NeonLab</title>");
  if (stamp !== null) writeFileSync(join(dist, ".build-stamp"), stamp);
  return dist;
}

const stamp = (mode: string) => `${JSON.stringify({ mode, hash: HASH })}\n`;
const config = (NODE_ENV: string, WEB_DIST: string) =>
  loadConfig({ NODE_ENV, WEB_DIST, BETTER_AUTH_SECRET: SECRET, DATA_DIR: "./data-test" });

const REFUSAL = (dist: string, built: string) =>
  `The web app in ${dist} was built for ${built}; run \`npm run build\` with NODE_ENV=production (or \`npm start\`, which rebuilds it) before starting in production.`;

describe("a web build made for another mode", () => {
  it("is refused in production, with how to rebuild it", () => {
    const dev = webBuild(stamp("development"));
    expect(webBuildRefusal(config("production", dev))).toBe(REFUSAL(dev, "development"));
    const test = webBuild(stamp("test"));
    expect(webBuildRefusal(config("production", test))).toBe(REFUSAL(test, "test"));
    // A stamp from before the mode was recorded (a bare hash) may be a development build too.
    const old = webBuild(`${HASH}\n`);
    expect(webBuildRefusal(config("production", old))).toBe(REFUSAL(old, "an unrecorded mode"));
  });

  it("is served outside production; a production build, or a folder without a build or stamp, is served in production", () => {
    const dev = webBuild(stamp("development"));
    expect(webBuildRefusal(config("development", dev))).toBeNull();
    expect(webBuildRefusal(config("test", dev))).toBeNull();
    expect(webBuildRefusal(config("production", webBuild(stamp("production"))))).toBeNull();
    // Built by Vite directly (no stamp), or no web build at all: nothing says which mode.
    expect(webBuildRefusal(config("production", webBuild(null)))).toBeNull();
    const empty = mkdtempSync(join(tmpdir(), "neonlab-web-mode-"));
    temporary.push(empty);
    writeFileSync(join(empty, ".build-stamp"), stamp("development"));
    expect(webBuildRefusal(config("production", empty))).toBeNull();
    expect(webBuildRefusal(config("production", join(empty, "missing")))).toBeNull();
  });

  it("stops the server in production before it opens the database", async () => {
    const dist = webBuild(stamp("development"));
    const dataDir = mkdtempSync(join(tmpdir(), "neonlab-web-mode-data-"));
    temporary.push(dataDir);
    const child = spawn(process.execPath, ["--import", "tsx", serverEntry], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        BETTER_AUTH_SECRET: SECRET,
        HOST: "127.0.0.1",
        PORT: "0",
        PREVIEW_PORT: "0",
        PUBLIC_URL: "http://127.0.0.1:3977",
        DATA_DIR: dataDir,
        WEB_DIST: dist,
        DATABASE_URL: "",
        REDIS_URL: "",
        IMPORT_CONTENT: "false",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk) => {
      output += chunk.toString();
    });
    // A server that starts instead is stopped after a while, so the test fails rather than hangs.
    const stop = setTimeout(() => child.kill("SIGKILL"), 60_000);
    const code = await new Promise<number | null>((done) => child.once("exit", (exitCode) => done(exitCode)));
    clearTimeout(stop);
    expect(output).toContain(REFUSAL(dist, "development"));
    expect(code).toBe(1);
    expect(readdirSync(dataDir)).toEqual([]);
    expect(existsSync(join(dataDir, "pglite"))).toBe(false);
  }, 90_000);
});
