import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { HTTPMethods } from "fastify";
import { expect } from "vitest";
import { AVATARS } from "@neonlab/shared/constants";
import type { App } from "../app.ts";
import { setRoleCommand } from "../cli/admin.ts";
import { accounts, sessions, users } from "../modules/accounts/schema.ts";
import { profiles } from "../modules/profiles/schema.ts";
import {
  chapterBadges,
  chapters,
  completedLessons,
  quizzes,
  reflections,
  streakFreezeInventory,
  streaks,
} from "../modules/learning/schema.ts";
import { getStreak } from "../modules/learning/streak-service.ts";
import { lessonId } from "../modules/learning/test-helpers.ts";
import { createUser } from "./users.ts";

/**
 * The authorization matrix (NeonLab issue 5, item 4): every route that answers /api requests (under
 * /api, plus the CORS catch-all OPTIONS /*), by METHOD + URL pattern exactly as Fastify registers it,
 * with who may call it and the status each actor gets. authz-matrix.test.ts fails when the app has a
 * route this table does not list, or the table lists a route the app no longer has, so every new route
 * must be classified here. For every call it also asserts that no other user's rows changed (all
 * user-owned tables, compared before/after) and that the answer holds nothing private of another user.
 */

export const ACTORS = ["anonymous", "userA", "userB", "moderator", "admin"] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, "anonymous">;
export const SIGNED_IN: readonly SignedInActor[] = ["userA", "userB", "moderator", "admin"];

/** Who a route is for; "user" routes act on the caller's own data only. */
export type Access =
  | "public" // config.auth "public": the same answer for everyone, no session read
  | "optional" // config.auth "optional": reads the session when sent, answers per caller
  | "user" // needs a session (401 without); only ever the caller's own data
  | "moderator" // a moderator or an admin; 403 for other users
  | "admin" // an admin only
  | "better-auth" // Better Auth's own handler (one wildcard route), checks its own session
  | "docs" // the OpenAPI document and Swagger UI
  | "dev-only"; // registered only when NODE_ENV != production

export type MatrixUser = {
  actor: SignedInActor;
  id: string;
  email: string;
  username: string;
  password: string;
  /** Bearer token as handed to the client (set-auth-token). */
  token: string;
  /** The session token inside it (what Better Auth lists and revokes). */
  sessionToken: string;
  headers: { authorization: string };
  /** A private string only this user wrote (their reflection answer); no one else may ever read it. */
  secret: string;
};

export type MatrixContext = {
  app: App;
  users: Record<SignedInActor, MatrixUser>;
  learning: {
    courseSlug: string;
    lessonSlug: string;
    lessonId: number;
    quizId: number;
    correct: string[];
    reflectionId: number;
    premiumCourseSlug: string;
    premiumLessonSlug: string;
    premiumLessonId: number;
    premiumQuizId: number;
    premiumCorrect: string[];
    premiumReflectionId: number;
    chapterId: number;
    badgeId: number;
  };
};

export type RequestSpec = {
  method: HTTPMethods;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Sent instead of the actor's own bearer header (e.g. a second session of the same user). */
  authorization?: string;
};

export type Expect = Record<Actor, number>;

export type MatrixCase<S = unknown> = {
  name: string;
  /** Runs before the request of each actor (not counted as the actor's call); its result goes to request and check. */
  setup?: (ctx: MatrixContext, actor: Actor) => Promise<S>;
  request: (ctx: MatrixContext, actor: Actor, prepared: S) => RequestSpec;
  expect: Expect;
  /** What the answer must contain for this actor: their own data, never someone else's. */
  check?: (
    ctx: MatrixContext,
    actor: Actor,
    res: { statusCode: number; body: string; json: () => unknown },
    prepared: S,
  ) => void | Promise<void>;
  /** Ends the actor's account or session: run after every other case. */
  destructive?: true;
};

export type RouteEntry = {
  method: HTTPMethods;
  /** The URL pattern exactly as registered (params as :name, wildcard as *). */
  url: string;
  access: Access;
  note?: string;
  /** What an anonymous HEAD of the first case answers, when not the same as its GET. */
  head?: number;
  // biome-ignore lint/suspicious/noExplicitAny: cases carry their own setup type
  cases: MatrixCase<any>[];
};

// ---------------------------------------------------------------- expected statuses

const all = (status: number): Expect => ({
  anonymous: status,
  userA: status,
  userB: status,
  moderator: status,
  admin: status,
});
/** Signed-in callers get `status`; anonymous callers 401. */
const signedIn = (status: number): Expect => ({ ...all(status), anonymous: 401 });
/** Only user A (the owner of the resource) gets `owner`; every other signed-in caller `others`. */
const ownerOnly = (owner: number, others: number): Expect => ({ ...all(others), anonymous: 401, userA: owner });
/** Premium content: only has_access (here: the admin) passes. */
const premium = (anonymous: number): Expect => ({ ...all(403), anonymous, admin: 200 });

/** Moderator routes: moderators and admins get `status`; other users 403, anonymous 401. */
const moderatorOnly = (status: number): Expect => ({ ...all(status), anonymous: 401, userA: 403, userB: 403 });
/** Admin routes: admins get `status`; moderators and users 403, anonymous 401. */
const adminOnly = (status: number): Expect => ({ ...all(403), anonymous: 401, admin: status });
/** The expected-status builders, for rows added elsewhere (e.g. moderator and admin routes). */
export const EXPECT = { all, signedIn, ownerOnly, premium, moderatorOnly, adminOnly };

/** What the access class of a row requires of every case's statuses (kept honest by the test). */
export function accessRuleProblems(entry: RouteEntry): string[] {
  const problems: string[] = [];
  for (const c of entry.cases) {
    const e = c.expect;
    const where = `${entry.method} ${entry.url} — ${c.name}`;
    const sameForAll = ACTORS.every((a) => e[a] === e.anonymous);
    if (["public", "docs", "dev-only"].includes(entry.access) && !sameForAll)
      problems.push(`${where}: a ${entry.access} route answers everyone alike`);
    if (["user", "moderator", "admin"].includes(entry.access) && e.anonymous !== 401)
      problems.push(`${where}: anonymous callers of a ${entry.access} route get 401`);
    if (["moderator", "admin"].includes(entry.access) && (e.userA !== 403 || e.userB !== 403))
      problems.push(`${where}: users get 403 on a ${entry.access} route`);
    if (entry.access === "admin" && e.moderator !== 403)
      problems.push(`${where}: moderators get 403 on an admin route`);
  }
  return problems;
}

const me = (ctx: MatrixContext, actor: Actor): MatrixUser | null => (actor === "anonymous" ? null : ctx.users[actor]);
const mustBeMe = (ctx: MatrixContext, actor: Actor): MatrixUser => {
  const user = me(ctx, actor);
  if (!user) throw new Error("this check needs a signed-in actor");
  return user;
};
type Json = Record<string, unknown>;
const jsonOf = (res: { json: () => unknown }) => res.json() as Json;
const listOf = (res: { json: () => unknown }) => res.json() as Json[];

/** Every row of a list answer belongs to `userId`. */
function allOwnedBy(rows: Json[], userId: string, field = "user_id") {
  for (const row of rows) expect(row[field], JSON.stringify(row)).toBe(userId);
}

/** Signs the user in again: a second session, for routes that end or revoke one. */
export async function signInAgain(
  ctx: MatrixContext,
  user: MatrixUser,
): Promise<{ token: string; sessionToken: string }> {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.headers["set-auth-token"] as string;
  return { token, sessionToken: token.split(".")[0] ?? token };
}

const victimSessions = new WeakMap<MatrixContext, { token: string; sessionToken: string }>();

async function sessionExists(ctx: MatrixContext, sessionToken: string) {
  const rows = await ctx.app.ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, sessionToken));
  return rows.length > 0;
}

async function passwordHash(ctx: MatrixContext, userId: string) {
  const [row] = await ctx.app.ctx.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row?.password ?? null;
}

/** Passes the quiz and answers the reflection of the free lesson as this user (setup for completion). */
async function prepareFreeLesson(ctx: MatrixContext, user: MatrixUser) {
  const { lessonId, quizId, correct, reflectionId } = ctx.learning;
  const quiz = await ctx.app.inject({
    method: "POST",
    url: `/api/lessons/${lessonId}/quizes/${quizId}/complete`,
    headers: user.headers,
    payload: { responses: correct },
  });
  expect(quiz.statusCode, quiz.body).toBe(200);
  const reflection = await ctx.app.inject({
    method: "POST",
    url: `/api/lessons/${lessonId}/reflections/${reflectionId}/complete`,
    headers: user.headers,
    payload: { userResponse: user.secret },
  });
  expect(reflection.statusCode, reflection.body).toBe(200);
}

/** Puts the caller's streak in a state (last completion `daysAgo` days ago), as if days had passed. */
async function setStreak(
  ctx: MatrixContext,
  actor: Actor,
  state: { daysAgo: number; freezeOn: boolean; freezes?: number },
): Promise<void> {
  const user = me(ctx, actor);
  if (!user) return;
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const row = {
    count: 3,
    lastUpdated: day(state.daysAgo),
    freezeOn: state.freezeOn,
    frozenAt: state.freezeOn ? day(0) : null,
  };
  const db = ctx.app.ctx.db;
  await db
    .insert(streaks)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({ target: streaks.userId, set: row });
  if (state.freezes !== undefined) {
    await db
      .insert(streakFreezeInventory)
      .values({ userId: user.id, count: state.freezes })
      .onConflictDoUpdate({ target: streakFreezeInventory.userId, set: { count: state.freezes } });
  }
}

/** Rows of a raw `db.execute` (PGlite and node-postgres both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const PRIVATE_PROFILE_FIELDS = ["email", "notifications", "editor_preferences", "has_access", "time_zone", "neonbits"];

// ---------------------------------------------------------------- the table

export const AUTHZ_MATRIX: RouteEntry[] = [
  // ------------------------------------------------ Better Auth (src/auth/routes.ts), one wildcard route
  {
    method: "GET",
    url: "/api/auth/*",
    access: "better-auth",
    note: "Better Auth resolves the session itself; every endpoint below answers about the caller only.",
    head: 404, // Fastify's automatic HEAD reaches Better Auth, which has no HEAD endpoints

    cases: [
      {
        name: "get-session",
        request: () => ({ method: "GET", url: "/api/auth/get-session" }),
        expect: all(200),
        check: (ctx, actor, res) => {
          const user = me(ctx, actor);
          if (!user) return expect(res.json()).toBeNull();
          const body = jsonOf(res) as { user: Json; session: Json };
          expect(body.user.id).toBe(user.id);
          expect(body.user.email).toBe(user.email);
          expect(body.session.userId).toBe(user.id);
        },
      },
      {
        name: "list-sessions",
        request: () => ({ method: "GET", url: "/api/auth/list-sessions" }),
        expect: signedIn(200),
        check: (ctx, actor, res) => {
          const rows = listOf(res);
          expect(rows.length).toBeGreaterThan(0);
          allOwnedBy(rows, mustBeMe(ctx, actor).id, "userId");
        },
      },
      {
        name: "list-accounts",
        request: () => ({ method: "GET", url: "/api/auth/list-accounts" }),
        expect: signedIn(200),
        check: (ctx, actor, res) => {
          const rows = listOf(res);
          expect(rows.length).toBeGreaterThan(0);
          allOwnedBy(rows, mustBeMe(ctx, actor).id, "userId");
        },
      },
    ],
  },
  {
    method: "POST",
    url: "/api/auth/*",
    access: "better-auth",
    note: "Sign-up/in, codes and password reset are covered by the auth tests; these are the calls that carry user data.",
    cases: [
      {
        name: "update-user is blocked (profile fields change through PUT /api/profile)",
        request: () => ({ method: "POST", url: "/api/auth/update-user", payload: { name: "Hijacked Name" } }),
        expect: all(404),
      },
      {
        name: "delete-user is blocked (accounts are deleted through DELETE /api/users)",
        request: () => ({ method: "POST", url: "/api/auth/delete-user", payload: {} }),
        expect: all(404),
      },
      {
        name: "change-password changes only the caller's password",
        setup: async (ctx, actor) => {
          const user = me(ctx, actor);
          return user ? await passwordHash(ctx, user.id) : null;
        },
        request: (ctx, actor) => ({
          method: "POST",
          url: "/api/auth/change-password",
          payload: {
            currentPassword: me(ctx, actor)?.password ?? "whatever-123",
            newPassword: `${actor}-new-password`,
          },
        }),
        expect: signedIn(200),
        check: async (ctx, actor, _res, before: string | null) => {
          const user = mustBeMe(ctx, actor);
          expect(await passwordHash(ctx, user.id)).not.toBe(before);
          user.password = `${actor}-new-password`;
        },
      },
      {
        name: "change-email mails a link for the caller's own address",
        request: () => ({
          method: "POST",
          url: "/api/auth/change-email",
          payload: { newEmail: `moved-${randomUUID()}@example.test` },
        }),
        expect: signedIn(200),
      },
      {
        name: "revoke-session on a session of user A",
        // One extra session of A serves every caller until A's own call revokes it.
        setup: async (ctx) => {
          const live = victimSessions.get(ctx);
          if (live && (await sessionExists(ctx, live.sessionToken))) return live;
          const fresh = await signInAgain(ctx, ctx.users.userA);
          victimSessions.set(ctx, fresh);
          return fresh;
        },
        request: (_ctx, _actor, victim: { sessionToken: string }) => ({
          method: "POST",
          url: "/api/auth/revoke-session",
          payload: { token: victim.sessionToken },
        }),
        // Better Auth answers 200 but revokes nothing for someone else's token: the snapshot of A's rows proves it.
        expect: signedIn(200),
        check: async (ctx, actor, _res, victim: { sessionToken: string }) => {
          expect(await sessionExists(ctx, victim.sessionToken)).toBe(actor !== "userA");
        },
      },
      {
        name: "revoke-other-sessions keeps the caller's current session and touches no one else",
        setup: async (ctx, actor) => {
          const user = me(ctx, actor);
          return user ? signInAgain(ctx, user) : null;
        },
        request: () => ({ method: "POST", url: "/api/auth/revoke-other-sessions", payload: {} }),
        expect: signedIn(200),
        check: async (ctx, actor, _res, extra: { sessionToken: string }) => {
          const user = mustBeMe(ctx, actor);
          expect(await sessionExists(ctx, extra.sessionToken)).toBe(false);
          expect(await sessionExists(ctx, user.sessionToken)).toBe(true);
        },
      },
      {
        name: "sign-out ends only the session it is sent with",
        setup: async (ctx, actor) => {
          const user = me(ctx, actor);
          return user ? signInAgain(ctx, user) : null;
        },
        request: (_ctx, actor, extra: { token: string } | null) => ({
          method: "POST",
          url: "/api/auth/sign-out",
          payload: {},
          authorization: actor === "anonymous" ? undefined : `Bearer ${extra?.token}`,
        }),
        expect: all(200),
        check: async (ctx, actor, _res, extra: { sessionToken: string } | null) => {
          if (!extra) return;
          const user = mustBeMe(ctx, actor);
          expect(await sessionExists(ctx, extra.sessionToken)).toBe(false);
          expect(await sessionExists(ctx, user.sessionToken)).toBe(true);
        },
      },
    ],
  },

  // ------------------------------------------------ CORS preflight (@fastify/cors) for every path, /api included
  {
    method: "OPTIONS",
    url: "/*",
    access: "public",
    note: "Answers with CORS headers only; never reaches a handler that reads or writes data.",
    cases: [
      {
        name: "preflight of a user route",
        request: () => ({
          method: "OPTIONS",
          url: "/api/profile",
          headers: { origin: "http://localhost:3000", "access-control-request-method": "PUT" },
        }),
        expect: all(204),
        check: (_ctx, _actor, res) => expect(res.body).toBe(""),
      },
    ],
  },

  // ------------------------------------------------ docs (@fastify/swagger-ui), open to everyone
  ...(
    [
      ["/api/docs", 200],
      ["/api/docs/", 200],
      ["/api/docs/static/index.html", 302],
      ["/api/docs/static/swagger-initializer.js", 200],
      ["/api/docs/json", 200],
      ["/api/docs/yaml", 200],
    ] as const
  ).map(
    ([url, status]): RouteEntry => ({
      method: "GET",
      url,
      access: "docs",
      cases: [{ name: "open", request: () => ({ method: "GET", url }), expect: all(status) }],
    }),
  ),
  {
    method: "GET",
    url: "/api/docs/static/*",
    access: "docs",
    cases: [
      {
        name: "a Swagger UI asset",
        request: () => ({ method: "GET", url: "/api/docs/static/swagger-ui.css" }),
        expect: all(200),
      },
    ],
  },

  // ------------------------------------------------ admin (src/modules/admin)
  {
    method: "GET",
    url: "/api/admin/jobs/failed",
    access: "admin",
    cases: [
      {
        name: "failed background jobs",
        request: () => ({ method: "GET", url: "/api/admin/jobs/failed?limit=5" }),
        expect: adminOnly(200),
        check: (_ctx, actor, res) => {
          if (actor === "admin") expect(Array.isArray(res.json())).toBe(true);
        },
      },
    ],
  },

  // ------------------------------------------------ dev (src/modules/dev), never in production
  {
    method: "GET",
    url: "/api/dev/outbox",
    access: "dev-only",
    note: "Reads any address's outbox by design (local development and e2e); absent when NODE_ENV=production.",
    cases: [
      {
        name: "an address without mail",
        request: () => ({ method: "GET", url: "/api/dev/outbox?to=nobody%40example.test" }),
        expect: all(200),
        check: (_ctx, _actor, res) => expect(res.json()).toEqual([]),
      },
    ],
  },

  // ------------------------------------------------ system
  ...(["/api/health", "/api/ready", "/api/build"] as const).map(
    (url): RouteEntry => ({
      method: "GET",
      url,
      access: "public",
      cases: [{ name: "open", request: () => ({ method: "GET", url }), expect: all(200) }],
    }),
  ),

  // ------------------------------------------------ profiles
  {
    method: "GET",
    url: "/api/profiles/:username",
    access: "optional",
    cases: [
      {
        name: "user A's public profile, without private fields",
        request: (ctx) => ({ method: "GET", url: `/api/profiles/${ctx.users.userA.username}` }),
        expect: all(200),
        check: (ctx, _actor, res) => {
          const body = jsonOf(res);
          expect(body.id).toBe(ctx.users.userA.id);
          for (const field of PRIVATE_PROFILE_FIELDS) expect(body).not.toHaveProperty(field);
        },
      },
      {
        name: "an unknown username",
        request: () => ({ method: "GET", url: "/api/profiles/no-such-user-here" }),
        expect: all(404),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/profile",
    access: "user",
    cases: [
      {
        name: "own profile",
        request: () => ({ method: "GET", url: "/api/profile" }),
        expect: signedIn(200),
        check: (ctx, actor, res) => {
          const user = mustBeMe(ctx, actor);
          expect(jsonOf(res)).toMatchObject({ id: user.id, email: user.email, username: user.username });
        },
      },
    ],
  },
  {
    method: "PUT",
    url: "/api/profile",
    access: "user",
    cases: [
      {
        name: "own profile (no id)",
        request: (_ctx, actor) => ({ method: "PUT", url: "/api/profile", payload: { bio: `Bio of ${actor}` } }),
        expect: signedIn(200),
        check: (ctx, actor, res) => {
          expect(jsonOf(res)).toMatchObject({ id: mustBeMe(ctx, actor).id, bio: `Bio of ${actor}` });
        },
      },
      {
        name: "user A's profile by id",
        request: (ctx) => ({
          method: "PUT",
          url: "/api/profile",
          payload: { id: ctx.users.userA.id, bio: "Written by whoever called" },
        }),
        expect: ownerOnly(200, 403),
        check: (ctx, _actor, res) => expect(jsonOf(res).id).toBe(ctx.users.userA.id),
      },
    ],
  },
  {
    method: "PATCH",
    url: "/api/profile/avatar",
    access: "user",
    cases: [
      {
        name: "own avatar",
        request: () => ({ method: "PATCH", url: "/api/profile/avatar", payload: { avatar: AVATARS[1] } }),
        expect: signedIn(200),
        check: (ctx, actor, res) => {
          expect(jsonOf(res)).toMatchObject({ id: mustBeMe(ctx, actor).id, avatar: AVATARS[1] });
        },
      },
    ],
  },

  // ------------------------------------------------ users
  {
    method: "DELETE",
    url: "/api/users",
    access: "user",
    cases: [
      {
        name: "delete own account",
        request: () => ({ method: "DELETE", url: "/api/users" }),
        expect: signedIn(200),
        destructive: true,
        check: async (ctx, actor) => {
          const user = mustBeMe(ctx, actor);
          const rows = await ctx.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.id, user.id));
          expect(rows).toEqual([]);
          const after = await ctx.app.inject({ method: "GET", url: "/api/profile", headers: user.headers });
          expect(after.statusCode).toBe(401);
        },
      },
    ],
  },
  {
    method: "POST",
    url: "/api/users/contact",
    access: "optional",
    note: "Limited to 5 a minute per IP: one call per actor fits; a second case here would get 429.",
    cases: [
      {
        name: "a message to the operator",
        request: (ctx, actor) => ({
          method: "POST",
          url: "/api/users/contact",
          payload: {
            name: `Caller ${actor}`,
            email: me(ctx, actor)?.email ?? "visitor@example.test",
            subject: "Authorization matrix",
            message: "A message sent by the authorization matrix test.",
          },
        }),
        expect: all(200),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/client-errors",
    access: "optional",
    cases: [
      {
        name: "an error report",
        request: (_ctx, actor) => ({
          method: "POST",
          url: "/api/client-errors",
          payload: { message: `boom from ${actor}` },
        }),
        expect: all(202),
      },
    ],
  },

  // ------------------------------------------------ learning: catalog (content is public)
  {
    method: "GET",
    url: "/api/course-categories",
    access: "public",
    cases: [{ name: "all", request: () => ({ method: "GET", url: "/api/course-categories" }), expect: all(200) }],
  },
  {
    method: "GET",
    url: "/api/courses",
    access: "optional",
    cases: [{ name: "all", request: () => ({ method: "GET", url: "/api/courses" }), expect: all(200) }],
  },
  {
    method: "GET",
    url: "/api/courses/public",
    access: "optional",
    cases: [{ name: "public", request: () => ({ method: "GET", url: "/api/courses/public" }), expect: all(200) }],
  },
  {
    method: "GET",
    url: "/api/courses/:slug",
    access: "optional",
    cases: [
      {
        name: "the free course",
        request: (ctx) => ({ method: "GET", url: `/api/courses/${ctx.learning.courseSlug}` }),
        expect: all(200),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/courses/:slug/lessons/:lessonSlug",
    access: "optional",
    cases: [
      {
        name: "a free lesson, with the caller's own progress only",
        request: (ctx) => ({
          method: "GET",
          url: `/api/courses/${ctx.learning.courseSlug}/lessons/${ctx.learning.lessonSlug}`,
        }),
        expect: all(200),
        check: (ctx, actor, res) => {
          const body = jsonOf(res) as { reflections: { user_response: string | null }[] };
          const own = me(ctx, actor)?.secret;
          for (const r of body.reflections) expect([null, own]).toContain(r.user_response);
        },
      },
      {
        name: "a premium lesson after the free preview",
        request: (ctx) => ({
          method: "GET",
          url: `/api/courses/${ctx.learning.premiumCourseSlug}/lessons/${ctx.learning.premiumLessonSlug}`,
        }),
        expect: premium(403),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/chapters/:id",
    access: "public",
    cases: [
      {
        name: "a chapter",
        request: (ctx) => ({ method: "GET", url: `/api/chapters/${ctx.learning.chapterId}` }),
        expect: all(200),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/chapter-badges/:id",
    access: "public",
    cases: [
      {
        name: "a badge",
        request: (ctx) => ({ method: "GET", url: `/api/chapter-badges/${ctx.learning.badgeId}` }),
        expect: all(200),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/content-assets/:course/*",
    access: "public",
    cases: [
      {
        name: "a course cover",
        request: (ctx) => ({ method: "GET", url: `/api/content-assets/${ctx.learning.courseSlug}/cover.svg` }),
        expect: all(200),
      },
    ],
  },

  // ------------------------------------------------ learning: answers and completion (own progress only)
  {
    method: "POST",
    url: "/api/lessons/:id/quizes/:quizId/complete",
    access: "user",
    cases: [
      {
        name: "a quiz of a free lesson",
        request: (ctx) => ({
          method: "POST",
          url: `/api/lessons/${ctx.learning.lessonId}/quizes/${ctx.learning.quizId}/complete`,
          payload: { responses: ctx.learning.correct },
        }),
        expect: signedIn(200),
      },
      {
        name: "a quiz of a premium lesson",
        request: (ctx) => ({
          method: "POST",
          url: `/api/lessons/${ctx.learning.premiumLessonId}/quizes/${ctx.learning.premiumQuizId}/complete`,
          payload: { responses: ctx.learning.premiumCorrect },
        }),
        expect: premium(401),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/lessons/:id/reflections/:reflectionId/complete",
    access: "user",
    cases: [
      {
        name: "a reflection of a free lesson",
        request: (ctx, actor) => ({
          method: "POST",
          url: `/api/lessons/${ctx.learning.lessonId}/reflections/${ctx.learning.reflectionId}/complete`,
          payload: { userResponse: me(ctx, actor)?.secret ?? "an anonymous answer" },
        }),
        expect: signedIn(200),
      },
      {
        name: "a reflection of a premium lesson",
        request: (ctx, actor) => ({
          method: "POST",
          url: `/api/lessons/${ctx.learning.premiumLessonId}/reflections/${ctx.learning.premiumReflectionId}/complete`,
          payload: { userResponse: me(ctx, actor)?.secret ?? "an anonymous answer" },
        }),
        expect: premium(401),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/lessons/:id/complete",
    access: "user",
    cases: [
      {
        name: "complete the free lesson (quiz and reflection done first)",
        setup: async (ctx, actor) => {
          const user = me(ctx, actor);
          if (user) await prepareFreeLesson(ctx, user);
        },
        request: (ctx) => ({ method: "POST", url: `/api/lessons/${ctx.learning.lessonId}/complete` }),
        expect: signedIn(200),
        check: async (ctx, actor) => {
          const rows = await ctx.app.ctx.db
            .select({ userId: completedLessons.userId })
            .from(completedLessons)
            .where(
              and(
                eq(completedLessons.userId, mustBeMe(ctx, actor).id),
                eq(completedLessons.lessonId, ctx.learning.lessonId),
              ),
            );
          expect(rows).toHaveLength(1);
        },
      },
    ],
  },

  // ------------------------------------------------ learning: own progress and streak
  {
    method: "GET",
    url: "/api/users/streak",
    access: "user",
    cases: [
      {
        name: "own streak",
        request: () => ({ method: "GET", url: "/api/users/streak" }),
        expect: signedIn(200),
        check: async (ctx, actor, res) => {
          expect(res.json()).toEqual(await getStreak(ctx.app.ctx.db, mustBeMe(ctx, actor).id));
        },
      },
    ],
  },
  {
    method: "PATCH",
    url: "/api/users/freeze-streak",
    access: "user",
    note: "Everyone has an active streak; only B owns no freeze, so B can not spend anyone else's.",
    cases: [
      {
        name: "put a freeze on",
        setup: (ctx, actor) =>
          setStreak(ctx, actor, { daysAgo: 0, freezeOn: false, freezes: actor === "userB" ? 0 : 1 }),
        request: () => ({ method: "PATCH", url: "/api/users/freeze-streak" }),
        expect: { ...signedIn(200), userB: 409 },
        check: (_ctx, _actor, res) => expect(jsonOf(res).freeze).toMatchObject({ on: true, inventory: 0 }),
      },
    ],
  },
  {
    method: "PATCH",
    url: "/api/users/unfreeze-streak",
    access: "user",
    note: "Only B has no freeze on the streak.",
    cases: [
      {
        name: "take the freeze back",
        setup: (ctx, actor) => setStreak(ctx, actor, { daysAgo: 0, freezeOn: actor !== "userB", freezes: 0 }),
        request: () => ({ method: "PATCH", url: "/api/users/unfreeze-streak" }),
        expect: { ...signedIn(200), userB: 409 },
        check: (_ctx, _actor, res) => expect(jsonOf(res).freeze).toMatchObject({ on: false, inventory: 1 }),
      },
    ],
  },
  {
    method: "PATCH",
    url: "/api/users/save-streak",
    access: "user",
    note: "Only the moderator's streak is broken: the others' streaks and NeonBits are never touched.",
    cases: [
      {
        name: "reset a broken streak",
        setup: (ctx, actor) => setStreak(ctx, actor, { daysAgo: actor === "moderator" ? 2 : 0, freezeOn: false }),
        request: () => ({ method: "PATCH", url: "/api/users/save-streak?save=false" }),
        expect: { ...signedIn(409), moderator: 200 },
        check: (_ctx, _actor, res) => expect(jsonOf(res)).toMatchObject({ count: 0, neonbits_spent: 0 }),
      },
    ],
  },
  ...(
    [
      ["/api/users/completed-lessons", true],
      ["/api/users/completed-chapters", false],
      ["/api/users/completed-courses", false],
    ] as const
  ).map(
    ([url, aHasRows]): RouteEntry => ({
      method: "GET",
      url,
      access: "user",
      cases: [
        {
          name: "own rows",
          request: () => ({ method: "GET", url }),
          expect: signedIn(200),
          check: (ctx, actor, res) => {
            const rows = listOf(res);
            if (aHasRows && actor === "userA") expect(rows.length).toBeGreaterThan(0);
            allOwnedBy(rows, mustBeMe(ctx, actor).id);
          },
        },
      ],
    }),
  ),
  {
    method: "GET",
    url: "/api/users/activities",
    access: "optional",
    note: "A user's last activities are public (shown on their profile); without userId, the caller's own.",
    cases: [
      {
        name: "own (no userId)",
        request: () => ({ method: "GET", url: "/api/users/activities" }),
        expect: { ...all(200), anonymous: 400 },
        check: (ctx, actor, res) => allOwnedBy(listOf(res), mustBeMe(ctx, actor).id),
      },
      {
        name: "user A's, by userId",
        request: (ctx) => ({ method: "GET", url: `/api/users/activities?userId=${ctx.users.userA.id}` }),
        expect: all(200),
        check: (ctx, _actor, res) => {
          const rows = listOf(res);
          expect(rows.length).toBeGreaterThan(0);
          allOwnedBy(rows, ctx.users.userA.id);
        },
      },
    ],
  },
  {
    method: "GET",
    url: "/api/users/history",
    access: "user",
    cases: [
      {
        name: "own history",
        request: () => ({ method: "GET", url: "/api/users/history" }),
        expect: signedIn(200),
        check: async (ctx, actor, res) => {
          const user = mustBeMe(ctx, actor);
          const entries = jsonOf(res).entries as { id: string }[];
          if (actor === "userA") expect(entries.length).toBeGreaterThan(0);
          // Entry ids are "<kind>-<row id>" of the XP, NeonBits and streak tables: each row must be the caller's.
          const tables: Record<string, string> = {
            xp: "xp_events",
            neonbits: "neonbits_ledger",
            streak: "streak_events",
          };
          for (const entry of entries) {
            const [, kind = "", id = ""] = /^([a-z]+)-(\d+)$/.exec(entry.id) ?? [];
            const table = tables[kind];
            expect(table, entry.id).toBeDefined();
            const found = await ctx.app.ctx.db.execute(
              sql`select user_id from ${sql.identifier(table ?? "")} where id = ${Number(id)}`,
            );
            expect(rowsOf<{ user_id: string }>(found)[0]?.user_id, entry.id).toBe(user.id);
          }
        },
      },
    ],
  },
  {
    method: "GET",
    url: "/api/rank",
    access: "optional",
    cases: [
      {
        name: "the rank with the caller's row",
        request: () => ({ method: "GET", url: "/api/rank" }),
        expect: all(200),
        check: (ctx, actor, res) => {
          const mine = jsonOf(res).me as Json | null;
          expect(mine?.user_id ?? null).toBe(me(ctx, actor)?.id ?? null);
        },
      },
    ],
  },
];

// ---------------------------------------------------------------- setup of the actors and content

/**
 * Five actors on the fixture curriculum: anonymous, users A and B, a moderator and an admin (roles set
 * with the admin CLI's setRoleCommand). A has completed the free lesson (XP, streak, activity, a private
 * reflection answer); streak states are set per case.
 */
export async function createMatrixContext(app: App): Promise<MatrixContext> {
  const db = app.ctx.db;
  const names: Record<SignedInActor, string> = {
    userA: "Alice Owner",
    userB: "Bob Other",
    moderator: "Mona Moderator",
    admin: "Adam Admin",
  };
  const created = await Promise.all(
    SIGNED_IN.map(async (actor) => {
      const user = await createUser(app, { displayName: names[actor] });
      if (actor === "moderator" || actor === "admin") {
        await setRoleCommand({ db, auth: app.ctx.auth }, { email: user.email, role: actor });
        app.ctx.sessions.forgetUser(user.id);
      }
      const [profile] = await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, user.id));
      const matrixUser: MatrixUser = {
        actor,
        id: user.id,
        email: user.email,
        username: profile?.username ?? "",
        password: user.password,
        token: user.token,
        sessionToken: user.token.split(".")[0] ?? user.token,
        headers: user.headers,
        secret: `private-answer-of-${actor}-${randomUUID()}`,
      };
      return [actor, matrixUser] as const;
    }),
  );
  const matrixUsers = Object.fromEntries(created) as Record<SignedInActor, MatrixUser>;

  const lesson = await lessonRow(app, "neon-basics", "paths");
  const premiumLesson = await lessonRow(app, "neon-pro", "expert");
  const [chapter] = await db.select({ id: chapters.id }).from(chapters).limit(1);
  const [badge] = await db.select({ id: chapterBadges.id }).from(chapterBadges).limit(1);
  if (!chapter || !badge) throw new Error("fixture content is missing");
  const ctx: MatrixContext = {
    app,
    users: matrixUsers,
    learning: {
      courseSlug: "neon-basics",
      lessonSlug: "paths",
      lessonId: lesson.id,
      quizId: lesson.quizId,
      correct: lesson.correct,
      reflectionId: lesson.reflectionId,
      premiumCourseSlug: "neon-pro",
      premiumLessonSlug: "expert",
      premiumLessonId: premiumLesson.id,
      premiumQuizId: premiumLesson.quizId,
      premiumCorrect: premiumLesson.correct,
      premiumReflectionId: premiumLesson.reflectionId,
      chapterId: chapter.id,
      badgeId: badge.id,
    },
  };

  const a = matrixUsers.userA;
  await prepareFreeLesson(ctx, a);
  const done = await app.inject({ method: "POST", url: `/api/lessons/${lesson.id}/complete`, headers: a.headers });
  expect(done.statusCode, done.body).toBe(200);
  return ctx;
}

async function lessonRow(app: App, courseSlug: string, lessonSlug: string) {
  const db = app.ctx.db;
  const row = { id: await lessonId(db, courseSlug, lessonSlug) };
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.lessonId, row.id));
  const [reflection] = await db
    .select({ id: reflections.id })
    .from(reflections)
    .where(eq(reflections.lessonId, row.id));
  if (!quiz || !reflection) throw new Error(`lesson ${courseSlug}/${lessonSlug} needs a quiz and a reflection`);
  const correct = quiz.options.flatMap((o, i) => (o.correct ? [String(i)] : []));
  return { id: row.id, quizId: quiz.id, correct, reflectionId: reflection.id };
}

// ---------------------------------------------------------------- the registered routes

export type RouteKey = { method: string; url: string };

/**
 * Every route of the app, read from Fastify's own router: `printRoutes()` draws the radix tree (one
 * node per line, methods in parentheses); a route's URL is the concatenation of the node labels on
 * its path. The compact `commonPrefix: false` drawing is not used: it drops wildcard routes such as
 * /api/auth/*. Fastify has no public route list after `ready()` and an onRoute hook would have to be
 * added to production code before the routes are registered; callers double-check every parsed route
 * with `app.hasRoute`, so a change in the drawing can not silently lose or invent routes.
 */
export function parseRouteTree(tree: string): RouteKey[] {
  const labels: string[] = [];
  const routes: RouteKey[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*)$/u.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    let label = match[2] ?? "";
    const methods = / \(([A-Z]+(?:, [A-Z]+)*)\)$/.exec(label);
    if (methods) label = label.slice(0, -methods[0].length);
    if (label === "(empty root node)") label = "";
    labels.length = depth;
    labels[depth] = label;
    if (!methods) continue;
    // find-my-way keeps "*" (any path) as "/*"
    const url = labels.join("").replace(/^(?!\/)/, "/");
    for (const method of (methods[1] ?? "").split(", ")) routes.push({ method, url });
  }
  return routes;
}

/**
 * The routes that answer /api requests: every route under /api and the catch-all "/*" (CORS
 * preflight), HEAD folded into GET: Fastify adds a HEAD route to every GET route (exposeHeadRoutes),
 * so a HEAD is listed only when it has no GET twin. The SPA's static files are not /api routes.
 */
export function registeredApiRoutes(app: App): RouteKey[] {
  const parsed = parseRouteTree(app.printRoutes());
  for (const route of parsed) {
    expect(app.hasRoute({ method: route.method as HTTPMethods, url: route.url }), `${route.method} ${route.url}`).toBe(
      true,
    );
  }
  const api = parsed.filter((r) => r.url === "/api" || r.url.startsWith("/api/") || r.url === "/*");
  const keys = new Set(api.map(routeKey));
  const withoutHeadTwins = api.filter((r) => !(r.method === "HEAD" && keys.has(routeKey({ ...r, method: "GET" }))));
  return uniqueRoutes(withoutHeadTwins);
}

export const routeKey = (r: RouteKey) => `${r.method} ${r.url}`;

function uniqueRoutes(routes: RouteKey[]): RouteKey[] {
  const seen = new Map<string, RouteKey>();
  for (const r of routes) seen.set(routeKey(r), r);
  return [...seen.values()].sort((x, y) => routeKey(x).localeCompare(routeKey(y)));
}

/** Routes the app has that the table does not classify, and table rows the app no longer has. */
export function diffRoutes(table: RouteKey[], registered: RouteKey[]) {
  const listed = new Set(table.map(routeKey));
  const present = new Set(registered.map(routeKey));
  return {
    unlisted: registered.map(routeKey).filter((k) => !listed.has(k)),
    stale: table.map(routeKey).filter((k) => !present.has(k)),
  };
}

/** Whether a concrete path is one the URL pattern matches (params one segment, * the rest). */
export function patternMatches(pattern: string, path: string): boolean {
  const source = pattern
    .split("/")
    .map((part) => (part === "*" ? ".+" : part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}$`).test(path.split("?")[0] ?? "");
}
