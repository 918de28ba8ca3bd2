import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PROGRESS_CSV_COLUMNS } from "@neonlab/shared/schemas/classrooms";
import type { App } from "../../app.ts";
import { createUser, deleteOwnAccount, type TestUser } from "../../test/users.ts";
import { courses } from "../learning/schema.ts";
import { answersOf, createLearningApp, grantAccess, lessonId, prepareLesson } from "../learning/test-helpers.ts";
import { endOfDayIn } from "./due.ts";
import { classrooms } from "./schema.ts";
import { newJoinCode } from "./service.ts";

// Classrooms (docs/decisions/044): teachers, members, join codes, assignments, the teachers' view.

type Json = Record<string, unknown>;

describe("classrooms", async () => {
  const app: App = await createLearningApp();
  const teacher = await createUser(app, { displayName: "Tess Teacher" });
  await grantAccess(app.ctx.db, teacher.id);
  const coTeacher = await createUser(app, { displayName: "Cody Coteacher" });
  const member = await createUser(app, { displayName: "Mia Member" });
  const other = await createUser(app, { displayName: "Otto Other" });
  const leaver = await createUser(app, { displayName: "Lee Leaver" });
  const call = (user: TestUser | null, method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) =>
    app.inject({ method, url, headers: user?.headers ?? {}, payload: payload as object });
  const usernameOf = async (u: TestUser) => ((await call(u, "GET", "/api/profile")).json() as Json).username as string;
  const [neonBasics] = await app.ctx.db.select().from(courses).where(eq(courses.slug, "neon-basics"));
  const [neonPro] = await app.ctx.db.select().from(courses).where(eq(courses.slug, "neon-pro"));

  it("makes 50-bit codes of Crockford base32", () => {
    const codes = new Set(Array.from({ length: 200 }, newJoinCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
  });

  it("ends a due day at midnight in the classroom's zone", () => {
    expect(endOfDayIn("2026-12-31", "UTC").toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(endOfDayIn("2026-07-01", "Europe/Berlin").toISOString()).toBe("2026-07-01T22:00:00.000Z");
    expect(endOfDayIn("2026-01-15", "America/New_York").toISOString()).toBe("2026-01-16T05:00:00.000Z");
    // The night the clocks go back in Berlin.
    expect(endOfDayIn("2026-10-24", "Europe/Berlin").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(endOfDayIn("2026-10-25", "Europe/Berlin").toISOString()).toBe("2026-10-25T23:00:00.000Z");
  });

  it("lets only users with access create one", async () => {
    const refused = await call(member, "POST", "/api/classrooms", { name: "Nope" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Pro/);
    const badZone = await call(teacher, "POST", "/api/classrooms", { name: "Zone", time_zone: "Mars/Olympus" });
    expect(badZone.statusCode).toBe(400);
  });

  it("runs a classroom: join by code, assign with a due date, progress and CSV, leaving, 404s", async () => {
    const made = await call(teacher, "POST", "/api/classrooms", { name: "Period 3", time_zone: "Europe/Berlin" });
    expect(made.statusCode, made.body).toBe(201);
    const room = made.json() as Json & { id: number; join_code: string };
    expect(room).toMatchObject({ role: "teacher", member_count: 0, closed: false });
    expect(room.join_code).toHaveLength(10);

    // A co-teacher by username.
    const co = await call(teacher, "POST", `/api/classrooms/${room.id}/teachers`, {
      username: await usernameOf(coTeacher),
    });
    expect(co.statusCode, co.body).toBe(200);

    // Joining: typed with a dash and lower case; again is harmless.
    const spaced = `${room.join_code.slice(0, 5).toLowerCase()}-${room.join_code.slice(5)}`;
    for (const u of [member, member, leaver]) {
      const joined = await call(u, "POST", "/api/classrooms/join", { code: spaced });
      expect(joined.statusCode, joined.body).toBe(200);
      expect(joined.json()).toMatchObject({ id: room.id, role: "member", join_code: null, members: null });
      expect((joined.json() as { teachers: { display_name: string }[] }).teachers.map((t) => t.display_name)).toEqual([
        "Tess Teacher",
        "Cody Coteacher",
      ]);
    }
    expect((await call(other, "POST", "/api/classrooms/join", { code: "0000000000" })).statusCode).toBe(404);

    // Assignments: a course with a due date, a premium chapter, a project.
    const assigned = await call(teacher, "POST", `/api/classrooms/${room.id}/assignments`, {
      kind: "course",
      id: neonBasics!.id,
      due_date: "2099-06-30",
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const assignment = assigned.json().assignment as Json & { id: number };
    expect(assignment).toMatchObject({ kind: "course", due_date: "2099-06-30", due_at: "2099-06-30T22:00:00.000Z" });
    expect(assigned.json().members_without_access).toEqual([]);
    const again = await call(coTeacher, "POST", `/api/classrooms/${room.id}/assignments`, {
      kind: "course",
      id: neonBasics!.id,
    });
    expect(again.statusCode).toBe(409);
    const premium = await call(coTeacher, "POST", `/api/classrooms/${room.id}/assignments`, {
      kind: "course",
      id: neonPro!.id,
    });
    expect(premium.statusCode, premium.body).toBe(201);
    expect(
      (premium.json().members_without_access as { display_name: string }[]).map((p) => p.display_name).sort(),
    ).toEqual(["Lee Leaver", "Mia Member"]);
    expect(
      (await call(member, "POST", `/api/classrooms/${room.id}/assignments`, { kind: "course", id: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await call(teacher, "POST", `/api/classrooms/${room.id}/assignments`, { kind: "project", id: 999999 }))
        .statusCode,
    ).toBe(404);

    // Members are told, and see it on their own list.
    const notes = (await call(member, "GET", "/api/notifications")).json() as { items: { kind: string; data: Json }[] };
    expect(notes.items.filter((n) => n.kind === "classroom_assignment")).toHaveLength(2);
    const mine = (await call(member, "GET", "/api/classrooms/assignments")).json() as Json[];
    expect(mine.map((a) => a.target_id)).toEqual([neonBasics!.id, neonPro!.id]);
    expect(mine[0]).toMatchObject({ classroom_name: "Period 3", due_date: "2099-06-30" });

    // The member completes a lesson, one quiz wrong first.
    const first = await lessonId(app.ctx.db, "neon-basics", "first-command");
    const [quiz] = await answersOf(app.ctx.db, first);
    if (quiz && quiz.wrong.length > 0)
      await call(member, "POST", `/api/lessons/${first}/quizes/${quiz.quizId}/complete`, {
        responses: [quiz.wrong[0]],
      });
    await prepareLesson(app, member, first);
    const completed = await call(member, "POST", `/api/lessons/${first}/complete`, {});
    expect(completed.statusCode, completed.body).toBe(200);
    // Progress elsewhere is never shown: the other's lesson outside the classroom.
    await prepareLesson(app, other, first);

    const progress = await call(teacher, "GET", `/api/classrooms/${room.id}/progress`);
    expect(progress.statusCode, progress.body).toBe(200);
    const body = progress.json() as {
      members: { display_name: string; cells: Json[]; last_activity_at: string | null }[];
      assignments: Json[];
    };
    expect(body.members.map((m) => m.display_name)).toEqual(["Lee Leaver", "Mia Member"]);
    const mia = body.members.find((m) => m.display_name === "Mia Member")!;
    expect(mia.cells[0]).toMatchObject({ assignment_id: assignment.id, done: 1, status: "open", no_access: false });
    expect(mia.cells[0]!.total as number).toBeGreaterThan(1);
    if (quiz && quiz.wrong.length > 0) expect(mia.cells[0]!.quiz_first_try as number).toBeLessThan(1);
    expect(mia.cells[1]).toMatchObject({ done: 0, no_access: true });
    expect(mia.last_activity_at).not.toBeNull();
    expect(progress.body).not.toContain("@example.test");
    expect((await call(coTeacher, "GET", `/api/classrooms/${room.id}/progress`)).statusCode).toBe(200);

    const csv = await call(teacher, "GET", `/api/classrooms/${room.id}/progress.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\n");
    expect(lines[0]).toBe(PROGRESS_CSV_COLUMNS.join(","));
    expect(lines).toHaveLength(1 + 2 * 2);
    expect(lines.find((l) => l.startsWith("Mia Member") && l.includes("2099-06-30"))).toMatch(/,1,\d+,/);
    // Dates and names as text; nothing a spreadsheet would run as a formula.
    expect(csv.body).not.toMatch(/(^|,)[=+@]/m);

    // Members see the classroom, not others' progress; outsiders and staff see nothing.
    expect((await call(member, "GET", `/api/classrooms/${room.id}/progress`)).statusCode).toBe(403);
    expect((await call(member, "GET", `/api/classrooms/${room.id}/progress.csv`)).statusCode).toBe(403);
    expect((await call(other, "GET", `/api/classrooms/${room.id}`)).statusCode).toBe(404);
    expect((await call(other, "GET", `/api/classrooms/${room.id}/progress`)).statusCode).toBe(404);
    expect((await call(other, "GET", `/api/classrooms/${room.id}/progress.csv`)).statusCode).toBe(404);

    // Leaving ends the view at once.
    expect((await call(leaver, "POST", `/api/classrooms/${room.id}/leave`)).statusCode).toBe(200);
    const after = (await call(teacher, "GET", `/api/classrooms/${room.id}/progress`)).json() as typeof body;
    expect(after.members.map((m) => m.display_name)).toEqual(["Mia Member"]);
    expect((await call(leaver, "GET", `/api/classrooms/${room.id}`)).statusCode).toBe(404);
    expect((await call(leaver, "GET", "/api/classrooms/assignments")).json()).toEqual([]);

    // Rotation: the old code stops working.
    const rotated = await call(teacher, "POST", `/api/classrooms/${room.id}/code`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().join_code).not.toBe(room.join_code);
    expect((await call(leaver, "POST", "/api/classrooms/join", { code: room.join_code })).statusCode).toBe(404);
    expect((await call(member, "POST", `/api/classrooms/${room.id}/code`)).statusCode).toBe(403);

    // Removal by a teacher; the sole-teacher rule.
    const removed = await call(coTeacher, "DELETE", `/api/classrooms/${room.id}/members/${member.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call(member, "GET", `/api/classrooms/${room.id}`)).statusCode).toBe(404);
    expect((await call(coTeacher, "POST", `/api/classrooms/${room.id}/leave`)).statusCode).toBe(200);
    expect((await call(teacher, "POST", `/api/classrooms/${room.id}/leave`)).statusCode).toBe(409);

    // Closing.
    const closed = await call(teacher, "POST", `/api/classrooms/${room.id}/close`);
    expect(closed.json()).toMatchObject({ closed: true, join_code: null });
    expect((await call(teacher, "GET", `/api/classrooms/${room.id}/progress`)).statusCode).toBe(409);
    expect((await call(leaver, "POST", "/api/classrooms/join", { code: rotated.json().join_code })).statusCode).toBe(
      404,
    );
  });

  it("writes a name a spreadsheet would run as a formula as text in the CSV", async () => {
    const room = (await call(teacher, "POST", "/api/classrooms", { name: "Formula check" })).json() as {
      id: number;
      join_code: string;
    };
    const sly = await createUser(app, { displayName: "=HYPERLINK(1)" });
    await call(sly, "POST", "/api/classrooms/join", { code: room.join_code });
    await call(teacher, "POST", `/api/classrooms/${room.id}/assignments`, { kind: "course", id: neonBasics!.id });
    const csv = await call(teacher, "GET", `/api/classrooms/${room.id}/progress.csv`);
    expect(csv.body.split("\n")[1]).toMatch(/^'=HYPERLINK\(1\),/);
  });

  it("limits join attempts with the app's rate limiter", async () => {
    const guesser = await createUser(app, { displayName: "Gus Guesser" });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await call(guesser, "POST", "/api/classrooms/join", { code: "ZZZZZZZZZZ" })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("closes a sole teacher's classroom and removes memberships when an account is deleted", async () => {
    const solo = await createUser(app, { displayName: "Solo Teacher" });
    await grantAccess(app.ctx.db, solo.id);
    const learner = await createUser(app, { displayName: "Lina Learner" });
    const room = (await call(solo, "POST", "/api/classrooms", { name: "Solo room" })).json() as {
      id: number;
      join_code: string;
    };
    await call(learner, "POST", "/api/classrooms/join", { code: room.join_code });
    expect((await deleteOwnAccount(app, solo)).statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(classrooms).where(eq(classrooms.id, room.id));
    expect(row!.closedAt).not.toBeNull();
    const list = (await call(learner, "GET", "/api/classrooms")).json() as { member_of: Json[] };
    expect(list.member_of[0]).toMatchObject({ id: room.id, closed: true, teachers: [] });
    expect((await call(learner, "GET", "/api/classrooms/assignments")).json()).toEqual([]);
  });

  it("exports the user's classrooms", async () => {
    const list = (await call(teacher, "GET", "/api/classrooms")).json() as { teaching: Json[] };
    expect(list.teaching.length).toBeGreaterThan(0);
    const section = app.ctx.exportSections.find((s) => s.key === "classrooms")!;
    const rows = section.schema.parse(await section.collect(app.ctx.db, teacher.id)) as Json[];
    expect(rows[0]).toMatchObject({ name: "Period 3", role: "teacher", timeZone: "Europe/Berlin" });
  });
});
