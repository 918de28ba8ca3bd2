import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { listen, statusCounts } from "../../test/burst.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { notifications } from "../notifications/schema.ts";
import { FIXTURE_DIR, grantAccess, importFixtures } from "../learning/test-helpers.ts";
import { courses } from "../learning/schema.ts";
import { classroomAssignments, classroomMembers } from "./schema.ts";

// Classrooms' exactly-once rules under concurrency: never left without a teacher, one assignment per target
// (and one notice per member), one membership however often a code is sent. PostgreSQL is the real test.

const N = 8;

/** One request per user at once, over real HTTP. */
const together = (base: string, users: TestUser[], method: string, path: string) =>
  Promise.all(
    users.map((u) => fetch(`${base}${path}`, { method, headers: u.headers }).then((r) => ({ status: r.status }))),
  );

function raceSuite(kind: "pglite" | "postgres") {
  describe(`classrooms under concurrent requests (${kind})`, async () => {
    const app: App = await createTestApp({ kind, env: { CONTENT_DIR: FIXTURE_DIR } });
    await importFixtures(app.ctx);
    const base = await listen(app);
    const db = app.ctx.db;
    const teacher = await createUser(app, { displayName: "Race Teacher" });
    await grantAccess(db, teacher.id);
    const [course] = await db.select().from(courses).where(eq(courses.slug, "neon-basics"));

    const newRoom = async () => {
      const res = await app.inject({
        method: "POST",
        url: "/api/classrooms",
        headers: teacher.headers,
        payload: { name: "Race" },
      });
      return res.json() as { id: number; join_code: string };
    };

    it("never leaves a classroom without a teacher when every teacher leaves at once", async () => {
      const room = await newRoom();
      const coTeachers = await Promise.all(Array.from({ length: N - 1 }, () => createUser(app)));
      await db
        .insert(classroomMembers)
        .values(coTeachers.map((u) => ({ classroomId: room.id, userId: u.id, role: "teacher" as const })));
      const results = await together(base, [teacher, ...coTeachers], "POST", `/api/classrooms/${room.id}/leave`);
      expect(statusCounts(results)).toEqual({ 200: N - 1, 409: 1 });
      const left = await db
        .select()
        .from(classroomMembers)
        .where(and(eq(classroomMembers.classroomId, room.id), eq(classroomMembers.role, "teacher")));
      expect(left).toHaveLength(1);
    });

    it("assigns a target once: one 201, the rest 409, one notice per member", async () => {
      const room = await newRoom();
      const member = await createUser(app);
      expect(
        (
          await app.inject({
            method: "POST",
            url: "/api/classrooms/join",
            headers: member.headers,
            payload: { code: room.join_code },
          })
        ).statusCode,
      ).toBe(200);
      const results = await Promise.all(
        Array.from({ length: N }, () =>
          fetch(`${base}/api/classrooms/${room.id}/assignments`, {
            method: "POST",
            headers: { ...teacher.headers, "content-type": "application/json" },
            body: JSON.stringify({ kind: "course", id: course!.id }),
          }).then((r) => ({ status: r.status })),
        ),
      );
      expect(statusCounts(results)).toEqual({ 201: 1, 409: N - 1 });
      expect(
        await db.select().from(classroomAssignments).where(eq(classroomAssignments.classroomId, room.id)),
      ).toHaveLength(1);
      const notices = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, member.id), eq(notifications.kind, "classroom_assignment")));
      expect(notices).toHaveLength(1);
    });

    it("keeps one membership however often the same code is sent at once", async () => {
      const room = await newRoom();
      const joiner = await createUser(app);
      const results = await Promise.all(
        Array.from({ length: N }, () =>
          fetch(`${base}/api/classrooms/join`, {
            method: "POST",
            headers: { ...joiner.headers, "content-type": "application/json" },
            body: JSON.stringify({ code: room.join_code }),
          }).then((r) => ({ status: r.status })),
        ),
      );
      expect(statusCounts(results)).toEqual({ 200: N });
      const rows = await db
        .select()
        .from(classroomMembers)
        .where(and(eq(classroomMembers.classroomId, room.id), eq(classroomMembers.userId, joiner.id)));
      expect(rows).toHaveLength(1);
    });
  });
}

raceSuite("pglite");
if (process.env.TEST_DATABASE_URL) raceSuite("postgres");
