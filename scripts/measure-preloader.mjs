// How long the page-load preloader stands: ms from navigation start (the page's performance.now() origin)
// to the overlay leaving the document, on a first visit (empty cache) and a repeat visit (same browser
// context), per page. Chromium is Debian's (/usr/bin/chromium, or CHROMIUM_PATH), as in the e2e run.
//
//   npm run build && node scripts/measure-preloader.mjs [--port 3160] [--runs 3] [--url http://host:port] [paths…]
//
// Without --url it starts the built app on --port (a fresh embedded database, e2e/start-server.mjs) and
// stops it afterwards. The spec's timing is 100 steps of 15 ms and a 1400 ms fade: 2900 ms at the least.
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: "string", default: "3160" },
    runs: { type: "string", default: "3" },
    url: { type: "string" },
  },
});
const paths = positionals.length > 0 ? positionals : ["/", "/courses", "/login", "/about"];
const runs = Number(values.runs);
const base = values.url ?? `http://localhost:${values.port}`;

async function startServer() {
  const child = spawn(process.execPath, ["e2e/start-server.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: values.port, PUBLIC_URL: base },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGTERM");
  throw new Error(`the app did not start on ${base}`);
}

/** Records, in the page, when the page-load overlay left the document (ms since navigation start). */
function watchOverlay() {
  const observer = new MutationObserver(() => {
    if (document.body && !document.getElementById("nl-page-preloader") && document.readyState !== "loading") {
      window.preloaderGoneAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function visit(page, path) {
  await page.goto(`${base}${path}`, { waitUntil: "commit" });
  const handle = await page.waitForFunction(() => window.preloaderGoneAt, undefined, { timeout: 30_000 });
  return Math.round(await handle.jsonValue());
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

const server = values.url ? null : await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  console.log(`preloader, ms from navigation start to the overlay gone (${runs} runs, median [all]) on ${base}`);
  for (const path of paths) {
    const first = [];
    const repeat = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext();
      await context.addInitScript(watchOverlay);
      const page = await context.newPage();
      first.push(await visit(page, path));
      // The overlay shows once per tab session (docs/decisions/018): forget it to time it with a warm cache.
      await page.evaluate(() => sessionStorage.clear());
      repeat.push(await visit(page, path));
      await context.close();
    }
    console.log(
      `${path.padEnd(10)} first visit ${median(first)} ms [${first.join(", ")}]   repeat visit ${median(repeat)} ms [${repeat.join(", ")}]`,
    );
  }
} finally {
  await browser.close();
  server?.kill("SIGTERM");
}
