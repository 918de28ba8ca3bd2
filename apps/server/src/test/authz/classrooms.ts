import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { classroomMembers } from "../../modules/classrooms/schema.ts";
import { profiles } from "../../modules/identity/profiles/schema.ts";
import { makeStranger } from "../../modules/connections/test-helpers.ts";
import { makeAssignment, makeClassroom } from "../../modules/classrooms/test-helpers.ts";
import { EXPECT, jsonOf, type Actor, type Expect, type MatrixContext, type RouteEntry } from "./types.ts";

const { signedIn } = EXPECT;

// Classrooms (docs/decisions/044). Every call gets a fresh classroom (setup) in which the caller has one role:
// as the case says — teacher, co-teacher, member, former member, or none (another user; moderators and admins
// are no one in it either). Everyone else in it is a fresh user outside the matrix, so the matrix users'
// rows never change but the caller's own.

type Role = "teacher" | "co-teacher" | "member" | "former member" | "none";
type Roles = Record<Actor, Role>;

/** paying teaches, A co-teaches, B is a member; the moderator and the admin are outsiders. */
const ROLES: Roles = {
  anonymous: "none",
  paying: "teacher",
  userA: "co-teacher",
  userB: "member",
  moderator: "none",
  admin: "none",
};
/** B joined and left; A is any other user. */
const FORMER: Roles = { ...ROLES, userA: "none", userB: "former member" };

type Room = { id: number; joinCode: string; learnerId: string; learnerUsername: string; assignmentId: number };

function classroomFor(roles: Roles) {
  return async (ctx: MatrixContext, actor: Actor): Promise<Room> => {
    const db = ctx.app.ctx.db;
    const role = roles[actor];
    const me = actor === "anonymous" ? null : ctx.users[actor].id;
    const teacher = role === "teacher" && me ? me : await makeStranger(ctx.app.ctx, "Class Teacher");
    const learnerId = await makeStranger(ctx.app.ctx, "Class Learner");
    const teachers = role === "co-teacher" && me ? [teacher, me] : [teacher];
    const members = role === "member" && me ? [learnerId, me] : [learnerId];
    const room = await makeClassroom(db, { teachers, members, name: `Matrix class for ${actor}` });
    const assignment = await makeAssignment(db, room.id, { kind: "course", id: ctx.learning.courseId });
    if (role === "former member" && me) {
      // Was a member, then left through the API.
      await db.insert(classroomMembers).values({ classroomId: room.id, userId: me, role: "member" });
      const headers = ctx.users[actor as Exclude<Actor, "anonymous">].headers;
      const left = await ctx.app.inject({ method: "POST", url: `/api/classrooms/${room.id}/leave`, headers });
      expect(left.statusCode, left.body).toBe(200);
    }
    const [learner] = await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, learnerId));
    return {
      id: room.id,
      joinCode: room.joinCode,
      learnerId,
      learnerUsername: learner!.username,
      assignmentId: assignment.id,
    };
  };
}

/** Statuses by role: what teachers, members and outsiders get. */
const byRole = (roles: Roles, statuses: Record<Role, number>): Expect => ({
  anonymous: 401,
  userA: statuses[roles.userA],
  userB: statuses[roles.userB],
  paying: statuses[roles.paying],
  moderator: statuses[roles.moderator],
  admin: statuses[roles.admin],
});
const hidden = { "former member": 404, none: 404 } as const;
/** Teachers' operations: teachers `ok`, members 403, everyone else as if it did not exist. */
const teachersOnly = (roles: Roles, ok: number) =>
  byRole(roles, { teacher: ok, "co-teacher": ok, member: 403, ...hidden });
/** Reads of anyone who belongs. */
const belongers = (roles: Roles, ok: number) => byRole(roles, { teacher: ok, "co-teacher": ok, member: ok, ...hidden });

type Request = (
  room: Room,
  ctx: MatrixContext,
) => { method: "GET" | "POST" | "DELETE"; url: string; payload?: unknown };

/** A row of a classroom's route with its two cases: the roles, and a former member beside another user. */
const classroomRoute = (
  method: "GET" | "POST" | "DELETE",
  url: string,
  request: Request,
  expectOf: (roles: Roles) => Expect,
  check?: (ctx: MatrixContext, actor: Actor, body: unknown, room: Room) => void,
): RouteEntry => ({
  method,
  url,
  access: "user",
  note: "The caller's role in a fresh classroom decides; outsiders (staff too) get 404.",
  cases: [ROLES, FORMER].map((roles) => ({
    name: roles === ROLES ? "teacher, co-teacher, member, outsiders" : "former member, other user",
    setup: classroomFor(roles),
    request: (ctx: MatrixContext, _actor: Actor, room: Room) => ({ ...request(room, ctx), method }),
    expect: expectOf(roles),
    check: check && ((ctx, actor, res, room: Room) => check(ctx, actor, res.json(), room)),
  })),
});

/** Authorization matrix rows of the classrooms module (test/authz-matrix.ts). */
export const CLASSROOM_ROUTES: RouteEntry[] = [
  {
    method: "POST",
    url: "/api/classrooms",
    access: "user",
    note: "Needs access: Pro (paying) or admin; others 403.",
    cases: [
      {
        name: "create a classroom",
        request: () => ({ method: "POST", url: "/api/classrooms", payload: { name: "Matrix made" } }),
        expect: { anonymous: 401, userA: 403, userB: 403, paying: 201, moderator: 403, admin: 201 },
        check: (_ctx, _actor, res) => expect(jsonOf(res)).toMatchObject({ role: "teacher", member_count: 0 }),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/classrooms",
    access: "user",
    cases: [
      {
        name: "own classrooms only",
        setup: classroomFor(ROLES),
        request: () => ({ method: "GET", url: "/api/classrooms" }),
        expect: signedIn(200),
        check: (_ctx, actor, res, room: Room) => {
          const body = jsonOf(res) as { teaching: { id: number }[]; member_of: { id: number }[] };
          const ids = [...body.teaching, ...body.member_of].map((c) => c.id);
          expect(ids.includes(room.id)).toBe(ROLES[actor] !== "none");
        },
      },
    ],
  },
  {
    method: "GET",
    url: "/api/classrooms/assignments",
    access: "user",
    cases: [
      {
        name: "own assignments only",
        setup: classroomFor(ROLES),
        request: () => ({ method: "GET", url: "/api/classrooms/assignments" }),
        expect: signedIn(200),
        check: (_ctx, actor, res, room: Room) => {
          const ids = (res.json() as { classroom_id: number }[]).map((a) => a.classroom_id);
          expect(ids.includes(room.id)).toBe(ROLES[actor] === "member");
        },
      },
    ],
  },
  {
    method: "POST",
    url: "/api/classrooms/join",
    access: "user",
    note: "Anyone with the code joins (a teacher stays a teacher); attempts are rate-limited per user.",
    cases: [
      {
        name: "join with the code",
        setup: classroomFor(FORMER),
        request: (_ctx, _actor, room: Room) => ({
          method: "POST",
          url: "/api/classrooms/join",
          payload: { code: room.joinCode },
        }),
        expect: signedIn(200),
      },
    ],
  },
  classroomRoute(
    "GET",
    "/api/classrooms/:id",
    (room) => ({ method: "GET", url: `/api/classrooms/${room.id}` }),
    (r) => belongers(r, 200),
    (_ctx, actor, body) => {
      // Only teachers get the code and the member list.
      const teaches = ["teacher", "co-teacher"].includes(ROLES[actor]);
      expect((body as { members: unknown }).members !== null).toBe(teaches);
    },
  ),
  classroomRoute(
    "POST",
    "/api/classrooms/:id/leave",
    (room) => ({ method: "POST", url: `/api/classrooms/${room.id}/leave` }),
    // A sole teacher must close it instead (409).
    (r) => byRole(r, { teacher: 409, "co-teacher": 200, member: 200, ...hidden }),
  ),
  classroomRoute(
    "POST",
    "/api/classrooms/:id/close",
    (room) => ({ method: "POST", url: `/api/classrooms/${room.id}/close` }),
    (r) => teachersOnly(r, 200),
  ),
  classroomRoute(
    "POST",
    "/api/classrooms/:id/code",
    (room) => ({ method: "POST", url: `/api/classrooms/${room.id}/code` }),
    (r) => teachersOnly(r, 200),
  ),
  classroomRoute(
    "POST",
    "/api/classrooms/:id/teachers",
    (room) => ({
      method: "POST",
      url: `/api/classrooms/${room.id}/teachers`,
      payload: { username: room.learnerUsername },
    }),
    (r) => teachersOnly(r, 200),
  ),
  classroomRoute(
    "DELETE",
    "/api/classrooms/:id/members/:userId",
    (room) => ({ method: "DELETE", url: `/api/classrooms/${room.id}/members/${room.learnerId}` }),
    (r) => teachersOnly(r, 200),
  ),
  classroomRoute(
    "POST",
    "/api/classrooms/:id/assignments",
    (room, ctx) => ({
      method: "POST",
      url: `/api/classrooms/${room.id}/assignments`,
      payload: { kind: "chapter", id: ctx.learning.chapterId, due_date: "2099-12-31" },
    }),
    (r) => teachersOnly(r, 201),
  ),
  classroomRoute(
    "DELETE",
    "/api/classrooms/:id/assignments/:assignmentId",
    (room) => ({ method: "DELETE", url: `/api/classrooms/${room.id}/assignments/${room.assignmentId}` }),
    (r) => teachersOnly(r, 200),
  ),
  classroomRoute(
    "GET",
    "/api/classrooms/:id/progress",
    (room) => ({ method: "GET", url: `/api/classrooms/${room.id}/progress` }),
    (r) => teachersOnly(r, 200),
    (_ctx, _actor, body, room) => {
      // Members only, never the teachers; the fresh learner is the one member (a member caller is refused).
      const members = (body as { members: { user_id: string }[] }).members;
      expect(members.map((m) => m.user_id)).toEqual([room.learnerId]);
    },
  ),
  classroomRoute(
    "GET",
    "/api/classrooms/:id/progress.csv",
    (room) => ({ method: "GET", url: `/api/classrooms/${room.id}/progress.csv` }),
    (r) => teachersOnly(r, 200),
  ),
];
