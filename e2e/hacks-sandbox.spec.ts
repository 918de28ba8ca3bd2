// The hack sandbox under attack (issue 18, decision 028): ≥ 200 XSS and escape payloads run as hack code,
// each inside the editor's preview frame and each as the full live page, in Chromium. The oracle watches
// every request of the browser context: a leak is a request whose URL or body holds one of the app's
// secrets (the session token from the cookie, a canary in the app's localStorage, a canary in the app
// page's DOM), or a request to the app's API that carries the session (Authorization or the cookie).
// The control at the start runs the same exploit with the app's own privileges and asserts the oracle
// sees it, so a broken sandbox (allow-same-origin, or hack code served from the app's host) would fail.
import { type BrowserContext, expect, type Frame, type Page, type Request, test } from "@playwright/test";
import { prepareApp, visit } from "./helpers/app.ts";
import { type E2eUser, signInContext, signUpViaApi } from "./helpers/session.ts";
import { exploitSource, type Payload, payloads } from "./helpers/xss-payloads.ts";

test.describe.configure({ mode: "serial" });

const port = Number(process.env.E2E_PORT ?? 3100);
const app = `http://localhost:${port}`;
const previewOrigin = `http://127.0.0.1:${port + 1}`;
const collect = `${previewOrigin}/__collect`;
const LS_CANARY = `ls-canary-${Date.now().toString(36)}`;
const DOM_CANARY = `dom-canary-${Date.now().toString(36)}`;
/** After a payload's page loaded: time for its timers, error events and requests to go out. */
const SETTLE_MS = 350;

let victim: E2eUser;
// XSS_LIMIT=<n> runs the first n payloads only (for trying the oracle against a deliberately broken sandbox).
const all = payloads(app, collect).slice(0, Number(process.env.XSS_LIMIT ?? Number.POSITIVE_INFINITY));

type Seen = { url: string; body: string; authorization: string; cookie: string; fromApp: boolean };

/** Every request of the context, with what it carries. */
function watch(context: BrowserContext, appPage: () => Page | null) {
  const seen: Seen[] = [];
  const pending: Promise<void>[] = [];
  context.on("request", (request: Request) => {
    // A popup's first navigation has no frame yet: it is not the app's own call.
    let frame: Frame | null = null;
    try {
      frame = request.frame();
    } catch {
      frame = null;
    }
    const page = appPage();
    const fromApp = page !== null && frame === page.mainFrame();
    // Nothing is ever dropped: headers as sent when the browser tells them, else as asked for.
    pending.push(
      request
        .allHeaders()
        .catch(() => request.headers())
        .then((headers) => {
          seen.push({
            url: request.url(),
            body: request.postData() ?? "",
            authorization: headers.authorization ?? "",
            cookie: headers.cookie ?? "",
            fromApp,
          });
        }),
    );
  });
  return { seen, settle: () => Promise.all(pending) };
}

/** What the oracle counts as leaks in the requests seen. */
function leaks(seen: Seen[], token: string) {
  const secrets = [token, encodeURIComponent(token), LS_CANARY, DOM_CANARY];
  const carried = (s: Seen) => secrets.some((secret) => s.url.includes(secret) || s.body.includes(secret));
  const authenticated = (s: Seen) =>
    s.url.startsWith(`${app}/api/`) &&
    !s.fromApp &&
    (s.authorization.includes(token) || s.cookie.includes(encodeURIComponent(token)));
  return {
    secretsSent: seen.filter(carried).map((s) => s.url.slice(0, 160)),
    authenticatedCalls: seen.filter(authenticated).map((s) => s.url),
    exploitRuns: new Set(
      seen.filter((s) => s.url.startsWith(collect)).map((s) => new URL(s.url).searchParams.get("tag") ?? ""),
    ),
  };
}

/** The signed-in app page with its canaries in place. */
async function appWithCanaries(page: Page, path: string) {
  await visit(page, path);
  await page.evaluate(
    ({ ls, dom }) => {
      localStorage.setItem("neonlab-canary", ls);
      const node = document.createElement("div");
      node.id = "neonlab-dom-canary";
      node.hidden = true;
      node.textContent = dom;
      document.body.appendChild(node);
    },
    { ls: LS_CANARY, dom: DOM_CANARY },
  );
}

test.beforeAll(async ({ request }) => {
  victim = await signUpViaApi(request, undefined, { displayName: "Sandbox Victim" });
  if (!process.env.XSS_LIMIT) expect(all.length).toBeGreaterThanOrEqual(200);
});

test.beforeEach(async ({ page, context }) => {
  await signInContext(context, victim.token);
  await prepareApp(page, { scheme: "dark" });
  // Popups a payload opens (sandboxed like their opener) are closed after a moment: hundreds of app
  // pages would only slow the run down; what they request is still seen.
  context.on("page", (popup) => {
    setTimeout(() => {
      if (popup !== page && !keep.has(popup)) void popup.close().catch(() => undefined);
    }, 200);
  });
});

/** Pages of the test itself (the live-site tab), never closed as popups. */
const keep = new Set<Page>();

test("control: the exploit with the app's own privileges is caught by the oracle", async ({ browser }) => {
  // A same-origin frame of the app (what allow-same-origin on the app's host would give a hack); the
  // app's CSP would block this inline script, so the control context bypasses CSP.
  const context = await browser.newContext({ bypassCSP: true, baseURL: app });
  await signInContext(context, victim.token);
  const page = await context.newPage();
  await prepareApp(page, { scheme: "dark" });
  const { seen, settle } = watch(context, () => page);
  await appWithCanaries(page, "/hacks");
  await page.evaluate(
    (source) => {
      const frame = document.createElement("iframe");
      frame.srcdoc = `<script>${source}('control')</script>`;
      document.body.appendChild(frame);
    },
    exploitSource(app, collect).replace(/<\/script/gi, "<\\/script"),
  );
  await expect.poll(() => leaks(seen, victim.token).exploitRuns.has("control"), { timeout: 10_000 }).toBe(true);
  await page.waitForTimeout(1000);
  await settle();
  const found = leaks(seen, victim.token);
  expect(found.secretsSent.length, "the control's stolen secrets are seen").toBeGreaterThan(0);
  expect(found.authenticatedCalls.length, "the control's API calls with the session are seen").toBeGreaterThan(0);
  await context.close();
});

test(`${all.length} payloads in the editor's preview frame: nothing of the app reached`, async ({ page, context }) => {
  test.setTimeout(900_000);
  const hack = await page.request.post("/api/hacks", { headers: victim.headers, data: { title: "Sandbox target" } });
  expect(hack.status()).toBe(201);
  const { owner, slug } = (await hack.json()) as { owner: { username: string }; slug: string };
  const { seen, settle } = watch(context, () => page);
  await appWithCanaries(page, `/hack/${owner.username}/${slug}`);
  const frame = page.locator('iframe[title^="Preview of"]');
  await expect(frame).toHaveAttribute("data-rendered-id", /\d+/);
  // Each payload goes to the preview frame exactly as the editor sends files (PreviewFrame's message).
  for (const [index, payload] of all.entries()) {
    await renderInPreview(page, payload, 10_000 + index);
    await page.waitForTimeout(SETTLE_MS);
  }
  await page.waitForTimeout(1000);
  await settle();
  const found = leaks(seen, victim.token);
  console.log(
    `sandbox (editor frame): ${all.length} payloads, ${found.exploitRuns.size} ran the exploit, ${found.secretsSent.length} secrets sent, ${found.authenticatedCalls.length} authenticated API calls`,
  );
  expect(found.exploitRuns.size, "most payloads really ran their code").toBeGreaterThan(all.length / 2);
  expect(found.secretsSent).toEqual([]);
  expect(found.authenticatedCalls).toEqual([]);
  // The app is untouched: still signed in, its canaries in place, no hack made by a payload.
  expect(await page.evaluate(() => localStorage.getItem("neonlab-canary"))).toBe(LS_CANARY);
  await expect(page.locator("#neonlab-dom-canary")).toHaveText(DOM_CANARY);
  const mine = await page.request.get("/api/hacks", { headers: victim.headers });
  expect(((await mine.json()) as { total: number }).total).toBe(1);
});

async function renderInPreview(page: Page, payload: Payload, id: number) {
  await page.evaluate(
    ({ files, id }) =>
      new Promise<void>((resolve) => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe[title^="Preview of"]');
        const done = (event: MessageEvent) => {
          if (event.source !== frame?.contentWindow || event.data?.type !== "rendered" || event.data.id !== id) return;
          window.removeEventListener("message", done);
          resolve();
        };
        window.addEventListener("message", done);
        frame?.contentWindow?.postMessage({ type: "render", id, files }, "*");
        setTimeout(resolve, 3000);
      }),
    { files: payload.files, id },
  );
}

test(`${all.length} payloads as the full live page: nothing of the app reached`, async ({ page, context }) => {
  test.setTimeout(900_000);
  const { seen, settle } = watch(context, () => page);
  await appWithCanaries(page, "/hacks");
  const live = await context.newPage();
  keep.add(live);
  for (const payload of all) {
    const res = await page.request.post("/api/hacks", {
      headers: victim.headers,
      data: { title: `x ${payload.name}`, files: payload.files },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { live_url: url } = (await res.json()) as { live_url: string };
    expect(url.startsWith(`${previewOrigin}/`)).toBe(true);
    // Through the app's own address, as a shared Live site link is opened: it redirects to the preview site.
    const appLink = url.replace(previewOrigin, app).replace(/\/$/, "");
    await live.goto(appLink, { waitUntil: "load", timeout: 10_000 }).catch(() => undefined);
    await live.waitForTimeout(SETTLE_MS);
  }
  await page.waitForTimeout(1000);
  await settle();
  const found = leaks(seen, victim.token);
  console.log(
    `sandbox (live page): ${all.length} payloads, ${found.exploitRuns.size} ran the exploit, ${found.secretsSent.length} secrets sent, ${found.authenticatedCalls.length} authenticated API calls`,
  );
  expect(found.exploitRuns.size, "most payloads really ran their code").toBeGreaterThan(all.length / 2);
  expect(found.secretsSent).toEqual([]);
  expect(found.authenticatedCalls).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem("neonlab-canary"))).toBe(LS_CANARY);
});
