// `npm run bench -- offline-load [--runs 5]`: how fast a lesson opens with no network once the service worker
// keeps it (docs/decisions/046). Needs the build (`npm run build`: the web app and its worker); builds nothing.
// Starts the app on a fresh PostgreSQL database as the other benches do, signs a learner in, opens a free lesson
// online, waits until the worker controls the page and keeps the lesson, then goes offline and reloads the page
// `--runs` times, timing each reload from its navigation start to the lesson's h1 being visible (in the page's
// own clock). Target: median ≤ 1 s. Run it under `flock /tmp/neonlab-bench.lock`: it is a timing.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import { benchApp, prepareDatabase } from "./memory-setup.ts";
import { median } from "./measure.ts";
import { SERVER_SOURCE, startProcess, stopProcess } from "./process.ts";

const root = resolve(import.meta.dirname, "..");
const TARGET_MS = 1000;
const EMAIL = "bench-offline@example.test";
const PASSWORD = "bench-offline-password-9";
const SESSION_COOKIE = "neonlab-auth-token";

function option(args: string[], flag: string, fallback: string) {
  const i = args.indexOf(flag);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
}

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

type CourseSummary = { slug: string; premium: boolean };
type CourseDetail = { slug: string; chapters: Array<{ lessons: Array<{ slug: string; title: string }> }> };

export async function runOfflineLoad(args: string[]) {
  const runs = Number(option(args, "--runs", "5"));
  if (!existsSync(resolve(root, "apps/web/dist/sw.js"))) {
    throw new Error("apps/web/dist/sw.js is missing: run `npm run build` first (this bench builds nothing)");
  }
  const { app } = benchApp();
  const databaseUrl = await prepareDatabase("offline");
  const env = app.env({ DATABASE_URL: databaseUrl });

  // A confirmed learner, made as the e2e run makes its admin (the CLI migrates the new database first).
  const created = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "apps/server/src/cli/admin.ts",
      "create-user",
      "--email",
      EMAIL,
      "--password",
      PASSWORD,
      "--name",
      "Offline Bench",
      "--role",
      "user",
    ],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, ...env } },
  );
  if (created.status !== 0) throw new Error(`creating the learner failed (${created.status})`);

  const server = await startProcess(SERVER_SOURCE, env, app.ready);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
  });
  try {
    const signIn = await fetch(`${app.base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.base },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const token = signIn.headers.get("set-auth-token");
    if (!signIn.ok || !token) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const headers = { authorization: `Bearer ${token}` };

    const courses = await getJson<CourseSummary[]>(`${app.base}/api/courses`, headers);
    const free = courses.find((c) => !c.premium);
    if (!free) throw new Error("no free course");
    const course = await getJson<CourseDetail>(`${app.base}/api/courses/${free.slug}`, headers);
    const lesson = course.chapters.flatMap((c) => c.lessons)[0];
    if (!lesson) throw new Error(`course ${free.slug} has no lesson`);
    const pagePath = `/courses/${free.slug}/${lesson.slug}`;
    const apiPath = `/api/courses/${free.slug}/lessons/${lesson.slug}`;

    const context = await browser.newContext({ baseURL: app.base, serviceWorkers: "allow" });
    await context.addCookies([
      { name: SESSION_COOKIE, value: encodeURIComponent(token), url: app.base, sameSite: "Lax" },
    ]);
    const page = await context.newPage();
    // Kept for the error message of a reload that does not show the lesson.
    const trouble: string[] = [];
    page.on("requestfailed", (r) => trouble.push(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText}`));
    page.on("response", (r) => {
      if (r.url().includes("/api/") && !r.ok()) trouble.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    const heading = page.getByRole("heading", { level: 1, name: lesson.title });
    await page.goto(pagePath);
    await heading.waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    // The worker keeps the lesson, its course and the profile (the page reads them again once it is in control).
    for (const [cacheName, path] of [
      ["neonlab-lessons", apiPath],
      ["neonlab-data", `/api/courses/${free.slug}`],
      ["neonlab-data", "/api/profile"],
    ] as const) {
      // Polled from here: waitForFunction takes the promise an async predicate returns for a truthy answer.
      const deadline = Date.now() + 30_000;
      const kept = () =>
        page.evaluate(async ({ cacheName, path }) => Boolean(await (await caches.open(cacheName)).match(path)), {
          cacheName,
          path,
        });
      while (!(await kept())) {
        if (Date.now() > deadline) throw new Error(`${path} was not kept in ${cacheName} within 30 s`);
        await page.waitForTimeout(250);
      }
    }

    await context.setOffline(true);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      await page.reload({ waitUntil: "commit" });
      // Checked every frame in the page: the time is the page's own, from its navigation start.
      const handle = await page
        .waitForFunction(
          (title) => {
            const h1 = [...document.querySelectorAll("h1")].find((h) =>
              (h.textContent ?? "").replace(/\s+/g, " ").includes(title),
            );
            if (!h1) return null;
            const box = h1.getBoundingClientRect();
            const style = getComputedStyle(h1);
            const visible =
              box.width > 0 && box.height > 0 && style.visibility !== "hidden" && style.display !== "none";
            return visible ? performance.now() : null;
          },
          lesson.title,
          { polling: "raf", timeout: 20_000 },
        )
        .catch(async (error: unknown) => {
          const h1s = await page.evaluate(() => [...document.querySelectorAll("h1")].map((h) => h.textContent));
          const keys = await page.evaluate(async () =>
            Promise.all(
              (await caches.keys()).map(async (name) => `${name}: ${(await (await caches.open(name)).keys()).length}`),
            ),
          );
          trouble.push(`caches ${keys.join(", ")}; reload ${i + 1}`);
          const seen = trouble.slice(-10).join("; ");
          throw new Error(`no visible h1 "${lesson.title}" at ${page.url()} (h1s: ${JSON.stringify(h1s)}; ${seen})`, {
            cause: error,
          });
        });
      times.push(Math.round((await handle.jsonValue()) as number));
      await heading.waitFor();
    }
    await context.close();

    const result = {
      date: new Date().toISOString(),
      lesson: pagePath,
      runs: times,
      medianMs: Math.round(median(times)),
      maxMs: Math.max(...times),
      targetMs: TARGET_MS,
      met: median(times) <= TARGET_MS,
      load: loadavg().map((l) => Math.round(l * 100) / 100),
    };
    console.log(`offline load of ${pagePath}, ${runs} reloads: ${times.join(", ")} ms`);
    console.log(
      `median ${result.medianMs} ms, max ${result.maxMs} ms (target: median ≤ ${TARGET_MS} ms: ${result.met ? "met" : "NOT met"}); load average ${result.load.join(" ")}`,
    );
    mkdirSync(resolve(root, "bench/results"), { recursive: true });
    writeFileSync(resolve(root, "bench/results/offline-load.json"), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await browser.close();
    await stopProcess(server);
  }
}
