import { eq } from "drizzle-orm";
import { projectCompleteResultSchema } from "@neonlab/shared/schemas/projects";
import { describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { burst, listen } from "../../test/burst.ts";
import { createUser } from "../../test/users.ts";
import { expectBooksBalance } from "../wallet/ledger/test-helpers.ts";
import { createLearningApp, grantAccess } from "../learning/test-helpers.ts";
import { userActivities } from "../progress/schema.ts";
import { completedProjects, projectFiles, projectStepPasses } from "./schema.ts";
import { checkStepApi, passSign, projectIdOf, SIGN_FILES } from "./test-helpers.ts";

const post = (app: App, url: string, headers: { authorization: string }, payload?: unknown) =>
  app.inject({ method: "POST", url, headers, payload: payload as object });

describe("guided projects", async () => {
  const app = await createLearningApp();
  const db = app.ctx.db;
  const sign = await projectIdOf(db, "neon-sign");
  const consoleId = await projectIdOf(db, "neon-console");

  it("lists projects with categories, a category filter, stars and the caller's progress", async () => {
    const user = await createUser(app);
    const all = (await app.inject({ url: "/api/projects", headers: user.headers })).json();
    expect(all.items.map((p: { slug: string }) => p.slug).sort()).toEqual(["neon-console", "neon-sign"]);
    expect(all.items[0]).toMatchObject({ progress: { passed_steps: 0, completed: false }, rating: { count: 0 } });
    expect(all.categories.map((c: { slug: string }) => c.slug)).toEqual(["command-line", "security"]);
    const one = (await app.inject({ url: "/api/projects?category=security" })).json();
    expect(one.items.map((p: { slug: string }) => p.slug)).toEqual(["neon-console"]);
    expect(one.items[0].progress).toBeNull();
    const none = await app.inject({ url: "/api/projects?category=nope" });
    expect(none.statusCode).toBe(404);
  });

  it("gives each project its own cover, served from its folder like a course cover", async () => {
    const { items } = (await app.inject({ url: "/api/projects" })).json() as {
      items: { slug: string; cover: string }[];
    };
    for (const { slug, cover } of items) {
      expect(cover).toMatch(new RegExp(`^/api/project-assets/${slug}/cover\\.svg\\?v=[0-9a-f]{10}$`));
      const image = await app.inject({ url: cover });
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toContain("image/svg+xml");
      expect(image.headers["cache-control"]).toContain("immutable");
      expect(image.headers["content-security-policy"]).toContain("sandbox");
      expect(image.body).toContain(slug);
    }
    expect((await app.inject({ url: "/api/projects/neon-sign" })).json().cover).toBe(
      items.find((p) => p.slug === "neon-sign")?.cover,
    );
    for (const url of [
      "/api/project-assets/neon-sign/missing.svg",
      "/api/project-assets/neon-sign/project.md",
      "/api/project-assets/neon-sign/starter/index.html",
      "/api/project-assets/neon-sign/..%2fneon-console%2fcover.svg",
      "/api/project-assets/neon-sign/%2e%2e/%2e%2e/%2e%2e/package.json",
      "/api/project-assets/neon-sign/..%2f..%2fcategories.yaml",
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
    expect((await app.inject({ url: "/api/project-assets/Neon_Sign/cover.svg" })).statusCode).toBe(400);
  });

  it("shows a premium project's brief and first step to anyone, the rest only with access", async () => {
    const user = await createUser(app);
    const detail = (await app.inject({ url: "/api/projects/neon-console", headers: user.headers })).json();
    expect(detail.has_access).toBe(false);
    expect(detail.steps.map((s: { locked: boolean; body: string | null }) => [s.locked, s.body !== null])).toEqual([
      [false, true],
      [true, false],
    ]);
    const locked = await checkStepApi(app, user.headers, consoleId, "footer");
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toMatch(/premium project/);
    const free = await checkStepApi(app, user.headers, consoleId, "title", [
      { name: "index.html", content: "<title>x</title>" },
    ]);
    expect(free.json()).toMatchObject({ passed: true });
    const refused = await post(app, `/api/projects/${consoleId}/complete`, user.headers);
    expect(refused.statusCode).toBe(403);
    await grantAccess(db, user.id);
    const opened = (await app.inject({ url: "/api/projects/neon-console", headers: user.headers })).json();
    expect(opened.steps.every((s: { locked: boolean }) => !s.locked)).toBe(true);
  });

  it("judges static checks from the saved files, with a message per failing check", async () => {
    const user = await createUser(app);
    const bad = [
      { name: "index.html", content: "<h1>CLOSED</h1><h1>open</h1><h1>open</h1>" },
      { name: "style.css", content: "p { text-shadow: none }" },
    ];
    const result = (await checkStepApi(app, user.headers, sign, "markup", bad)).json();
    expect(result.passed).toBe(false);
    expect(result.results[0]).toMatchObject({
      id: "heading",
      passed: false,
      message: expect.stringMatching(/at most 1/),
    });
    expect(result.results[1]).toMatchObject({ id: "glow", passed: false });
    expect(await db.select().from(projectStepPasses).where(eq(projectStepPasses.userId, user.id))).toEqual([]);
    // Saved all the same: the learner's work is kept.
    const [saved] = await db.select().from(projectFiles).where(eq(projectFiles.userId, user.id));
    expect(saved?.files).toEqual(bad);
  });

  it("takes a script check's report only with the attempt's token for the files saved now", async () => {
    const user = await createUser(app);
    const report = (token: string) =>
      post(app, `/api/projects/${sign}/report`, user.headers, {
        step: "blink",
        token,
        results: [{ id: "blinks", passed: true, message: "" }],
      });
    const started = (await checkStepApi(app, user.headers, sign, "blink")).json();
    expect(started).toMatchObject({ passed: false, attempt: { token: expect.any(String) } });
    expect(started.results.find((r: { id: string }) => r.id === "blinks")).toMatchObject({ passed: false });

    const forged = await report(`${started.attempt.token.split(".").slice(0, 2).join(".")}.AAAA`);
    expect(forged.statusCode).toBe(400);
    // Another user's token does not fit this user.
    const other = await createUser(app);
    const theirs = (await checkStepApi(app, other.headers, sign, "blink")).json();
    expect((await report(theirs.attempt.token)).statusCode).toBe(400);
    // The files changed after the attempt: its token no longer fits.
    await app.inject({
      method: "PUT",
      url: `/api/projects/${sign}/files`,
      headers: user.headers,
      payload: { files: [...SIGN_FILES, { name: "notes.md", content: "changed" }] },
    });
    const stale = await report(started.attempt.token);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(/files saved now/);
    expect(await db.select().from(projectStepPasses).where(eq(projectStepPasses.userId, user.id))).toEqual([]);

    const again = (await checkStepApi(app, user.headers, sign, "blink")).json();
    const failed = (
      await post(app, `/api/projects/${sign}/report`, user.headers, {
        step: "blink",
        token: again.attempt.token,
        results: [{ id: "blinks", passed: false, message: "The h1 never gets the class on." }],
      })
    ).json();
    expect(failed).toMatchObject({ passed: false });
    const ok = (await report(again.attempt.token)).json();
    expect(ok).toMatchObject({ passed: true, results: [{ passed: true }, { passed: true }] });
  });

  it("refuses to complete before every step passed, then gives XP, a streak day and an activity once", async () => {
    const user = await createUser(app);
    const early = await post(app, `/api/projects/${sign}/complete`, user.headers);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/The sign's markup/);
    await checkStepApi(app, user.headers, sign, "markup");
    const half = await post(app, `/api/projects/${sign}/complete`, user.headers);
    expect(half.statusCode).toBe(409);
    expect(await db.select().from(completedProjects).where(eq(completedProjects.userId, user.id))).toEqual([]);
    expect((await expectBooksBalance(db, user.id)).xp).toBe(0);

    await passSign(app, user.headers, sign);
    const done = projectCompleteResultSchema.parse(
      (await post(app, `/api/projects/${sign}/complete`, user.headers)).json(),
    );
    expect(done).toMatchObject({ xpAwarded: 50, alreadyCompleted: false, streak: { count: 1, extended: true } });
    const twice = (await post(app, `/api/projects/${sign}/complete`, user.headers)).json();
    expect(twice).toMatchObject({ xpAwarded: 0, alreadyCompleted: true });
    expect((await expectBooksBalance(db, user.id)).xp).toBe(50);
    const activities = await db.select().from(userActivities).where(eq(userActivities.userId, user.id));
    expect(activities.map((a) => [a.kind, a.link])).toEqual([["project_completed", "/projects/neon-sign"]]);
    const list = (await app.inject({ url: "/api/users/completed-projects", headers: user.headers })).json();
    expect(list).toEqual([expect.objectContaining({ project_id: sign, user_id: user.id })]);
  });

  it("rates with 1–5 stars after a passed step; 0, 6 and unknown projects are refused", async () => {
    const user = await createUser(app);
    const vote = (id: number | string, stars: number | string) =>
      post(app, `/api/projects/${id}/vote?stars=${stars}`, user.headers);
    expect((await vote(sign, 4)).statusCode).toBe(403);
    await checkStepApi(app, user.headers, sign, "markup");
    for (const stars of [0, 6, "x"]) {
      const res = await vote(sign, stars);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/star/);
    }
    expect((await vote(999_999, 3)).statusCode).toBe(404);
    expect((await vote(sign, 4)).json()).toMatchObject({ average: 4, count: 1, mine: 4 });
    const listed = (await app.inject({ url: "/api/projects", headers: user.headers })).json();
    expect(listed.items.find((p: { id: number }) => p.id === sign).rating).toMatchObject({ average: 4, mine: 4 });
  });

  it("refuses bad files and unknown projects with a message, changing nothing", async () => {
    const user = await createUser(app);
    const save = (files: unknown, id: number = sign) =>
      app.inject({ method: "PUT", url: `/api/projects/${id}/files`, headers: user.headers, payload: { files } });
    const cases: unknown[] = [
      [{ name: "../x.html", content: "" }],
      [{ name: "a/b.js", content: "" }],
      [{ name: "bin.js", content: "\u0000\u0001" }],
      Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.js`, content: "" })),
      [
        { name: "big.js", content: "x".repeat(120_000) },
        { name: "big2.js", content: "x".repeat(120_000) },
      ],
      [
        { name: "a.js", content: "" },
        { name: "A.js", content: "" },
      ],
      [],
    ];
    for (const files of cases) {
      const res = await save(files);
      expect(res.statusCode, JSON.stringify(files).slice(0, 80)).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(10);
    }
    expect((await save(SIGN_FILES, 999_999)).statusCode).toBe(404);
    expect((await app.inject({ url: "/api/projects/no-such-project" })).statusCode).toBe(404);
    expect((await checkStepApi(app, user.headers, sign, "no-such-step")).statusCode).toBe(404);
    expect(await db.select().from(projectFiles).where(eq(projectFiles.userId, user.id))).toEqual([]);
  });
});

function raceSuite(kind: "pglite" | "postgres") {
  describe(`project completion exactly once under 30 concurrent requests (${kind})`, async () => {
    const app = await createLearningApp({ kind });
    const base = await listen(app);
    const sign = await projectIdOf(app.ctx.db, "neon-sign");

    it("grants XP, the streak day and the activity once", async () => {
      const user = await createUser(app);
      await passSign(app, user.headers, sign);
      const results = await burst(base, user, "POST", Array(30).fill(`/api/projects/${sign}/complete`));
      expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
      const parsed = results.map((r) => projectCompleteResultSchema.parse(r.body));
      expect(parsed.filter((r) => !r.alreadyCompleted)).toHaveLength(1);
      expect(parsed.filter((r) => r.xpAwarded > 0)).toHaveLength(1);
      expect(parsed.filter((r) => r.streak.extended)).toHaveLength(1);
      expect((await expectBooksBalance(app.ctx.db, user.id)).xp).toBe(50);
      const rows = await app.ctx.db.select().from(userActivities).where(eq(userActivities.userId, user.id));
      expect(rows).toHaveLength(1);
    });
  });
}

raceSuite("pglite");
// PGlite is one connection and serialises everything; PostgreSQL is where real races happen.
if (process.env.TEST_DATABASE_URL) raceSuite("postgres");
