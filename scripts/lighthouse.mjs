// `npm run lighthouse [-- --runs N --routes /,/about --no-build --dist DIR --reports DIR]`: builds the web app,
// starts the server on a free port with a fresh embedded database, runs Lighthouse (mobile preset, system
// Chromium) on every public route, prints the median score per category against the targets (and the median
// Total Blocking Time) and writes the medians of the scores and of each metric to bench/results/lighthouse.json.
// `--dist DIR` (or WEB_DIST) audits an existing build instead of building one; `--reports DIR` also keeps every
// full Lighthouse report there. `--cpu-slowdown N` replaces the preset's 4× CPU slowdown, to score as on a
// machine of another speed: 4 × this machine's benchmark index ÷ the other's (bench/README.md). Each route is
// requested once, with the files it names, before its runs (a warm server). It reports; it never fails on scores.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CATEGORIES, median, printTable, summarize, TARGETS, toScore } from "./lighthouse-report.mjs";

const ROOT = join(import.meta.dirname, "..");
const RESULTS = join(ROOT, "bench/results/lighthouse.json");
const DIST = join(ROOT, "apps/web/dist");
const PUBLIC_ROUTES = (
  "/ /about /features /tutorials /help /policy /terms /contact /pricing /courses /blogs /hacks /projects /rank " +
  "/login /register /forgot"
).split(" ");
/** Lighthouse's mobile preset: a mid-range phone simulated as this machine's CPU four times slower. */
const PRESET_CPU_SLOWDOWN = 4;
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function options() {
  const usage =
    "usage: npm run lighthouse -- [--runs N] [--routes /,/about] [--no-build] [--dist DIR] [--reports DIR] [--cpu-slowdown N]";
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        runs: { type: "string", default: "3" },
        routes: { type: "string" },
        "no-build": { type: "boolean" },
        dist: { type: "string" },
        reports: { type: "string" },
        "cpu-slowdown": { type: "string", default: String(PRESET_CPU_SLOWDOWN) },
      },
    }));
  } catch (error) {
    fail(`${error.message}\n${usage}`);
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) fail(`--runs must be a whole number from 1 to 20\n${usage}`);
  const routes = values.routes ? values.routes.split(",").map((route) => route.trim()) : PUBLIC_ROUTES;
  const bad = routes.find((route) => !route.startsWith("/"));
  if (bad !== undefined) fail(`--routes takes paths starting with "/", got "${bad}"\n${usage}`);
  // An explicit build (flag, else WEB_DIST) is audited as it is; otherwise build, or copy apps/web/dist.
  const cpuSlowdown = Number(values["cpu-slowdown"]);
  if (!(cpuSlowdown >= 1 && cpuSlowdown <= 20)) fail(`--cpu-slowdown must be a number from 1 to 20\n${usage}`);
  const dist = values.dist ?? process.env.WEB_DIST;
  if (dist !== undefined && !existsSync(join(dist, "index.html"))) fail(`--dist needs a build at ${dist}\n${usage}`);
  return {
    runs,
    routes,
    cpuSlowdown,
    build: !values["no-build"] && dist === undefined,
    dist,
    reports: values.reports,
  };
}

function fail(message) {
  for (const cleanup of cleanups) cleanup();
  console.error(message);
  process.exit(2);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Cleanups still to run, so an interrupted run leaves no server, browser or temp folder behind. */
const cleanups = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const cleanup of cleanups) cleanup();
    process.exit(130);
  });
}

async function startServer(webDist, dataDir) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const log = [];
  const child = spawn(process.execPath, ["scripts/serve.mjs"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DATABASE_URL: "",
      REDIS_URL: "",
      SMTP_URL: "",
    },
  });
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => log.push(chunk.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const kill = () => child.kill("SIGTERM");
  cleanups.add(kill);
  const stop = async () => {
    cleanups.delete(kill);
    if (child.exitCode === null) {
      kill();
      await exited;
    }
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${origin}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { origin, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`the server did not become ready at ${origin}/api/ready:\n${log.join("").slice(-4000)}`);
}

/**
 * One Lighthouse run in a Chrome of its own: a long-lived browser here started answering NO_FCP after
 * a few dozen runs. A run that errors is tried once more before its error is kept.
 */
async function audit(url, route, cpuSlowdown) {
  let lhr;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
    const kill = () => chrome.kill();
    cleanups.add(kill);
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: CATEGORIES,
        throttling: { cpuSlowdownMultiplier: cpuSlowdown },
      });
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
      lhr = result.lhr;
    } finally {
      cleanups.delete(kill);
      chrome.kill();
    }
    if (!lhr.runtimeError) break;
    console.warn(`  ${route} (attempt ${attempt}): ${lhr.runtimeError.message}`);
  }
  return lhr;
}

/**
 * Requests the page and the scripts it names once before the audits, as earlier visitors would have:
 * the server compresses and caches each file on its first request, and that one-off cost would
 * otherwise count against the first run only.
 */
async function warmUp(url) {
  const headers = { "accept-encoding": "br, gzip" };
  const html = await fetch(url, { headers }).then((response) => response.text());
  const assets = new Set([...html.matchAll(/["'](\/assets\/[^"']+\.(?:js|css|woff2))["']/g)].map((match) => match[1]));
  await Promise.all(
    [...assets].map((path) => fetch(new URL(path, url), { headers }).then((response) => response.arrayBuffer())),
  );
}

async function main() {
  const { runs, routes, cpuSlowdown, build, dist, reports: reportsDir } = options();
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });
  // The server gets a build of its own: others rebuilding apps/web/dist meanwhile would leave it serving
  // index.html in place of chunks it never saw (a blank page, NO_FCP).
  const workDir = mkdtempSync(join(tmpdir(), "neonlab-lighthouse-"));
  const removeWorkDir = () => rmSync(workDir, { recursive: true, force: true });
  cleanups.add(removeWorkDir);
  const webDist = join(workDir, "web");
  if (build) {
    const args = ["run", "build", "-w", "@neonlab/web", "--", "--outDir", webDist, "--emptyOutDir"];
    if (spawnSync("npm", args, { cwd: ROOT, stdio: "inherit" }).status !== 0) fail("the web build failed");
  } else if (dist !== undefined) {
    cpSync(dist, webDist, { recursive: true });
  } else if (existsSync(join(DIST, "index.html"))) {
    cpSync(DIST, webDist, { recursive: true });
  } else {
    fail(`--no-build needs a build at ${DIST}`);
  }
  const server = await startServer(webDist, join(workDir, "data"));
  const results = [];
  let lighthouseVersion;
  try {
    for (const route of routes) {
      const url = new URL(route, server.origin).href;
      await warmUp(url);
      const reports = [];
      for (let run = 1; run <= runs; run++) {
        const started = Date.now();
        const lhr = await audit(url, route, cpuSlowdown);
        reports.push(lhr);
        if (reportsDir) {
          const name = `${route.replace(/[^a-z0-9]+/gi, "_") || "_"}-${run}.json`;
          writeFileSync(join(reportsDir, name), JSON.stringify(lhr));
        }
        lighthouseVersion = lhr.lighthouseVersion;
        const scores = CATEGORIES.map((id) => toScore(lhr.categories[id]?.score ?? null) ?? "n/a").join("/");
        console.log(`${route} run ${run}/${runs}: ${scores} (${Math.round((Date.now() - started) / 1000)} s)`);
      }
      results.push(summarize(route, reports));
    }
  } finally {
    await server.stop();
    removeWorkDir();
  }
  printTable(results);
  // Lantern simulates a mid-range phone from the timings it observes, so a busy machine lowers performance.
  const index = median(results.map((result) => result.benchmarkIndex));
  console.log(
    `\nChrome benchmark index (median): ${index}; CPU slowdown ${cpuSlowdown}×; load average now: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(
    RESULTS,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        preset: "mobile",
        cpuSlowdownMultiplier: cpuSlowdown,
        runs,
        targets: TARGETS,
        lighthouseVersion,
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwritten to ${RESULTS}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
