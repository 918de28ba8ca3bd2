import { describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { setRoleCommand } from "../../cli/admin.ts";
import { createUser, deleteOwnAccount, type TestUser } from "../../test/users.ts";
import { createLearningApp, lessonId } from "../learning/test-helpers.ts";
import { reportApp, reportLesson } from "./service.ts";

// Reports (product rules "Community"; spec §7 users/reports, lessons/{id}/reports and their status calls).

describe("reports", async () => {
  const app: App = await createLearningApp();
  const lesson = await lessonId(app.ctx.db, "neon-basics", "paths");
  const moderator = await createUser(app, { displayName: "Mod Erator" });
  await setRoleCommand(
    { db: app.ctx.db, transaction: app.ctx.transaction, auth: await app.ctx.auth.ready() },
    { email: moderator.email, role: "moderator" },
  );
  const resolved: { reportId: number; reporterId: string }[] = [];
  app.ctx.events.onAfterCommit("report.resolved", (e) => void resolved.push(e));

  const call = (user: TestUser | null, method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
    app.inject({ method, url, headers: user?.headers ?? {}, payload: payload as object });
  // Through the service: the routes' per-IP limit (10 an hour) counts this file's HTTP reports (see the last test).
  const appReport = (user: TestUser, description = "The settings page forgets my theme.") =>
    reportApp(app.ctx.db, user.id, { cause: "bug", description });

  it("takes a report of the app or a lesson from a signed-in user, and refuses bad input with a message", async () => {
    const user = await createUser(app);
    expect(
      (await call(null, "POST", "/api/users/reports", { cause: "bug", description: "x".repeat(20) })).statusCode,
    ).toBe(401);
    const sent = await call(user, "POST", "/api/users/reports", {
      cause: "bug",
      description: "The page forgets my theme.",
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ kind: "app", cause: "bug", status: "open", lesson: null, reporter: null });

    const onLesson = await call(user, "POST", `/api/lessons/${lesson}/reports`, {
      cause: "quiz",
      description: "The second option is also right.",
    });
    expect(onLesson.statusCode, onLesson.body).toBe(201);
    expect(onLesson.json().lesson).toMatchObject({ id: lesson, path: "/courses/neon-basics/paths" });

    for (const [url, payload, message] of [
      ["/api/users/reports", { cause: "quiz", description: "x".repeat(20) }, "Choose what the problem is about"],
      ["/api/users/reports", { cause: "bug", description: "short" }, "at least 10 characters"],
      ["/api/users/reports", { cause: "bug", description: "x".repeat(2001) }, "under 2000 characters"],
      [
        `/api/lessons/${lesson}/reports`,
        { cause: "bug", description: "x".repeat(20) },
        "Choose what the problem is about",
      ],
    ] as const) {
      const res = await call(user, "POST", url, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const unknown = await call(user, "POST", "/api/lessons/999999/reports", {
      cause: "other",
      description: "x".repeat(20),
    });
    expect(unknown.statusCode).toBe(404);
    // Text moderation (lib/text-moderation.ts): a disguised word is refused with a 400, nothing is kept;
    // a place name that contains one is not (through the service: the per-IP limit counts HTTP reports).
    await expect(
      reportApp(app.ctx.db, user.id, { cause: "bug", description: "this page is sh1t, fix it" }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: "Description contains words NeonLab does not allow. Please rephrase it and try again.",
    });
    await expect(
      reportLesson(app.ctx.db, user.id, lesson, { cause: "other", description: "f.u.c.k.i.n.g broken  fuuuck" }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const scunthorpe = await reportApp(app.ctx.db, user.id, {
      cause: "bug",
      description: "Scunthorpe shows as my city twice.",
    });
    expect(scunthorpe.description).toBe("Scunthorpe shows as my city twice.");
    const mine = (await call(user, "GET", "/api/users/my-reports")).json();
    expect(mine.map((r: { kind: string }) => r.kind)).toEqual(["app", "lesson", "app"]);
  });

  it("gives moderators one queue per kind, newest first, filtered and paged; users get 403", async () => {
    const user = await createUser(app, { displayName: "Queue Reporter" });
    const ids: number[] = [];
    for (let i = 0; i < 22; i++) ids.push((await appReport(user, `Queue report number ${i} here.`)).id);
    expect((await call(user, "GET", "/api/users/reports")).statusCode).toBe(403);
    const first = (await call(moderator, "GET", "/api/users/reports?status=open")).json();
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ id: ids[21], kind: "app", reporter: { display_name: "Queue Reporter" } });
    const second = (await call(moderator, "GET", `/api/users/reports?status=open&before=${first.next}`)).json();
    expect(second.items.map((r: { id: number }) => r.id)).toContain(ids[0]);
    const lessons = (await call(moderator, "GET", "/api/lessons/reports")).json();
    expect(lessons.items.every((r: { kind: string }) => r.kind === "lesson")).toBe(true);
    expect((await call(moderator, "GET", "/api/users/reports?status=closed")).statusCode).toBe(400);
  });

  it("lets moderators move a report through its statuses and tells the reporter once on resolution", async () => {
    const user = await createUser(app);
    const { id } = await appReport(user);
    const set = (status: string, who = moderator, base = "/api/users/reports") =>
      call(who, "PATCH", `${base}/${id}/status?status=${status}`);
    expect((await set("in_review", user)).statusCode).toBe(403);
    expect((await set("done")).statusCode).toBe(400);
    expect((await set("resolved", moderator, "/api/lessons/reports")).statusCode).toBe(404);
    expect((await set("in_review")).json()).toMatchObject({ status: "in_review" });
    const before = resolved.length;
    expect((await set("resolved")).json()).toMatchObject({ status: "resolved" });
    expect((await set("resolved")).statusCode).toBe(200);
    await expect.poll(() => resolved.length).toBe(before + 1);
    expect(resolved.at(-1)).toEqual({
      reportId: id,
      reporterId: user.id,
      kind: "app",
      cause: "bug",
      excerpt: "The settings page forgets my theme.",
      lesson: null,
    });
    const mine = (await call(user, "GET", "/api/users/my-reports")).json();
    expect(mine[0]).toMatchObject({ id, status: "resolved" });
    // The reporter's notification, once (the second "resolved" changed nothing).
    const list = (await call(user, "GET", "/api/notifications")).json();
    const told = list.items.filter((n: { kind: string }) => n.kind === "report_resolved");
    expect(told).toHaveLength(1);
    // It names the report (its cause and the start of its text) and links to the reporter's list of reports.
    expect(told[0].data).toMatchObject({
      subject_title: "Something is broken: “The settings page forgets my theme.”",
      link: "/help#your-reports",
    });
  });

  it("tells the reporter of a lesson report which lesson, linking to it", async () => {
    const user = await createUser(app);
    const report = await reportLesson(app.ctx.db, user.id, lesson, {
      cause: "quiz",
      description: "The second option is also right, I think.",
    });
    const res = await call(moderator, "PATCH", `/api/lessons/reports/${report.id}/status?status=resolved`);
    expect(res.statusCode, res.body).toBe(200);
    const list = (await call(user, "GET", "/api/notifications")).json();
    const told = list.items.find((n: { kind: string }) => n.kind === "report_resolved");
    expect(told.data).toMatchObject({
      subject_title: `A quiz answer looks wrong · ${report.lesson?.title}`,
      link: "/courses/neon-basics/paths",
    });
  });

  it("keeps a deleted account's reports for the moderators, without who sent them", async () => {
    const user = await createUser(app);
    const { id } = await appReport(user, "Report from someone who leaves.");
    expect((await deleteOwnAccount(app, user)).statusCode).toBe(200);
    const queue = (await call(moderator, "GET", "/api/users/reports?status=open")).json();
    expect(queue.items.find((r: { id: number }) => r.id === id)).toMatchObject({ reporter: null });
  });

  it("takes at most 10 reports an hour from one address, then answers 429 with a message", async () => {
    const user = await createUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await call(user, "POST", "/api/users/reports", { cause: "idea", description: `Idea number ${i} for you.` }))
          .statusCode,
      );
    }
    // This file sent some reports over HTTP before; whatever is left of the 10 succeeds, then 429s.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    expect(statuses.indexOf(429)).toBe(statuses.lastIndexOf(201) + 1);
    const refused = await call(user, "POST", "/api/users/reports", {
      cause: "idea",
      description: "One more idea for you.",
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many/);
  });
});
