import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { productionStartRefusal, serverBundleRefusal } from "./production-start.mjs";

const script = resolve(import.meta.dirname, "start-prod.mjs");
const HASH = "a".repeat(64);
const BUILD = "run `npm run build:prod` first (`npm run start:prod` serves a build and never makes one).";
const temporary = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** A web build folder with index.html (unless `html` is false) and the given stamp text (none when null). */
function webBuild(stamp, { html = true } = {}) {
  const dist = mkdtempSync(join(tmpdir(), "neonlab-start-prod-"));
  temporary.push(dist);
  if (html) writeFileSync(join(dist, "index.html"), "<!doctype html><title>NeonLab</title>");
  if (stamp !== null) writeFileSync(join(dist, ".build-stamp"), stamp);
  return dist;
}
const stamp = (mode) => `${JSON.stringify({ mode, hash: HASH })}\n`;

/** `npm run start:prod`'s script with this environment (a production one, PORT 0: it must not get that far). */
function startProd(env) {
  const base = { PATH: process.env.PATH, HOME: process.env.HOME, PORT: "0", BETTER_AUTH_SECRET: "s".repeat(40) };
  return spawnSync(process.execPath, [script], { env: { ...base, ...env }, encoding: "utf8", timeout: 60_000 });
}

describe("npm run start:prod", () => {
  it("refuses a missing web build and one made for development, unrecorded or unstamped, saying to run build:prod", () => {
    const cases = [
      [webBuild(null, { html: false }), (dist) => `No web build in ${dist}: ${BUILD}`],
      [webBuild(stamp("development")), (dist) => `The web build in ${dist} was built for development: ${BUILD}`],
      [webBuild(`${HASH}\n`), (dist) => `The web build in ${dist} was built for an unrecorded mode: ${BUILD}`],
      [webBuild(null), (dist) => `The web build in ${dist} has no build stamp (its mode is unknown): ${BUILD}`],
    ];
    for (const [dist, message] of cases) {
      const before = readdirSync(dist).sort();
      const run = startProd({ WEB_DIST: dist });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr.trim()).toBe(message(dist));
      // Nothing was built: no output of a build step, the folder as it was.
      expect(run.stdout).not.toMatch(/build|bundl/i);
      expect(readdirSync(dist).sort()).toEqual(before);
    }
  });

  it("refuses another NODE_ENV and running from sources", () => {
    const dist = webBuild(stamp("production"));
    const dev = startProd({ WEB_DIST: dist, NODE_ENV: "development" });
    expect(dev.status).toBe(1);
    expect(dev.stderr).toContain('runs with NODE_ENV=production, but NODE_ENV is "development"');
    const fromSource = startProd({ WEB_DIST: dist, NEONLAB_SERVER_FROM_SOURCE: "1" });
    expect(fromSource.status).toBe(1);
    expect(fromSource.stderr).toContain("NEONLAB_SERVER_FROM_SOURCE=1 is for `npm start`");
  });

  it("accepts a production web build, and refuses a server bundle not built from the current sources", () => {
    expect(productionStartRefusal({ WEB_DIST: webBuild(stamp("production")) })).toBeNull();
    expect(productionStartRefusal({ WEB_DIST: webBuild(stamp("production")), NODE_ENV: "production" })).toBeNull();
    expect(serverBundleRefusal({ built: true, folder: "/x/dist/0123" })).toBeNull();
    expect(serverBundleRefusal({ built: false, folder: "/x/dist/0123" })).toBe(
      `No server bundle for the current sources (/x/dist/0123 is missing; they changed since the last build, or none was made): ${BUILD}`,
    );
  });
});
