import type { HTTPMethods } from "fastify";
import { expect } from "vitest";
import type { App } from "../../app.ts";

// The authorization matrix's vocabulary: actors, rows, cases, expected statuses and small checks.
// Each module's routes are listed in test/authz/<module>.ts; test/authz-matrix.ts puts the rows together.

export const ACTORS = ["anonymous", "userA", "userB", "paying", "moderator", "admin"] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, "anonymous">;
export const SIGNED_IN: readonly SignedInActor[] = ["userA", "userB", "paying", "moderator", "admin"];

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
    courseId: number;
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
  /** The caller's address (per-IP limits: one address per actor). */
  remoteAddress?: string;
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
  paying: status,
  moderator: status,
  admin: status,
});
/** Signed-in callers get `status`; anonymous callers 401. */
const signedIn = (status: number): Expect => ({ ...all(status), anonymous: 401 });
/** Only user A (the owner of the resource) gets `owner`; every other signed-in caller `others`. */
const ownerOnly = (owner: number, others: number): Expect => ({ ...all(others), anonymous: 401, userA: owner });
/** Premium content: only has_access (here: the paying subscriber and the admin) passes. */
const premium = (anonymous: number): Expect => ({ ...all(403), anonymous, paying: 200, admin: 200 });

/** Moderator routes: moderators and admins get `status`; other users 403, anonymous 401. */
const moderatorOnly = (status: number): Expect => ({
  ...all(status),
  anonymous: 401,
  userA: 403,
  userB: 403,
  paying: 403,
});
/** Admin routes: admins get `status`; moderators and users 403, anonymous 401. */
const adminOnly = (status: number): Expect => ({ ...all(403), anonymous: 401, admin: status });
/** The expected-status builders. */
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
    if (["moderator", "admin"].includes(entry.access) && (e.userA !== 403 || e.userB !== 403 || e.paying !== 403))
      problems.push(`${where}: users get 403 on a ${entry.access} route`);
    if (entry.access === "admin" && e.moderator !== 403)
      problems.push(`${where}: moderators get 403 on an admin route`);
  }
  return problems;
}

export const me = (ctx: MatrixContext, actor: Actor): MatrixUser | null =>
  actor === "anonymous" ? null : ctx.users[actor];
export const mustBeMe = (ctx: MatrixContext, actor: Actor): MatrixUser => {
  const user = me(ctx, actor);
  if (!user) throw new Error("this check needs a signed-in actor");
  return user;
};
export type Json = Record<string, unknown>;
export const jsonOf = (res: { json: () => unknown }) => res.json() as Json;
export const listOf = (res: { json: () => unknown }) => res.json() as Json[];

/** Every row of a list answer belongs to `userId`. */
export function allOwnedBy(rows: Json[], userId: string, field = "user_id") {
  for (const row of rows) expect(row[field], JSON.stringify(row)).toBe(userId);
}

/** Signs the user in again: a second session, for routes that end or revoke one. */

/** Rows of a raw `db.execute` (PGlite and node-postgres both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
