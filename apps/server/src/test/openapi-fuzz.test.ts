import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AUTH_ROUTE_RULES, oauthStartSchema } from "../auth/request-schemas.ts";
import { setRoleCommand } from "../cli/admin.ts";
import { readyExport } from "../modules/identity/data-export/test-helpers.ts";
import { storedOptionId } from "../modules/learning/option-ids.ts";
import {
  chapterBadges,
  chapters,
  courseCategories,
  courses,
  lessons,
  quizzes,
  reflections,
} from "../modules/learning/schema.ts";
import {
  completeLessonApi,
  FIXTURE_DIR,
  importFixtures,
  lessonId,
  prepareLesson,
} from "../modules/learning/test-helpers.ts";
import { drawRound } from "../modules/shop/giveaway/draw.ts";
import { createRound } from "../modules/shop/giveaway/service.ts";
import { give } from "../modules/wallet/ledger/test-helpers.ts";
import { projectSteps } from "../modules/projects/schema.ts";
import { reviewCards } from "../modules/review/schema.ts";
import { passSign, projectIdOf } from "../modules/projects/test-helpers.ts";
import { codePoint, type Hints, invalidArbitrary, type JsonSchema, validArbitrary } from "./json-schema-arbitrary.ts";
import { normalizeOpenApiSchema } from "./openapi-schema.ts";
import { reportApp, reportLesson } from "../modules/reports/service.ts";
import { saveExchange } from "../modules/tutor/service.ts";
import { connect, makeStranger } from "../modules/connections/test-helpers.ts";
import { createNotification } from "../modules/notifications/service.ts";
import { fuzzBlogs } from "../modules/blogs/test-helpers.ts";
import { createHack } from "../modules/hacks/service.ts";
import { makeAssignment, makeClassroom } from "../modules/classrooms/test-helpers.ts";
import { createTestApp } from "./test-app.ts";
import { createUser, deleteOwnAccount, type TestUser } from "./users.ts";

/**
 * Fuzzes every operation of the OpenAPI document the app serves (GET /api/docs/json) as a signed-in
 * user, with generated valid and invalid requests. For every response:
 *   - never a 5xx;
 *   - a request the document says is invalid never succeeds (4xx);
 *   - every non-2xx answer is the JSON error object {statusCode, statusMessage, message} with a non-empty message;
 *   - every 2xx is declared for the operation and its body matches the declared schema (ajv);
 *   - a 4xx to a writing request changes nothing in the database.
 * Runs: FUZZ_RUNS (default 200) per operation; seed: FUZZ_SEED (fixed default, printed on failure).
 */
const NUM_RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 200));
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_605);
const VERBOSE = process.env.FUZZ_VERBOSE === "1";
const OP_TIMEOUT = 60_000 + NUM_RUNS * 400;

/** A route's `*` wildcard is documented as a trailing `{path}` parameter (lib/openapi/operation.ts). */
const WILDCARD = "path";
const HTTP_METHODS = ["get", "put", "post", "patch", "delete"] as const;
type Method = (typeof HTTP_METHODS)[number];
/**
 * What the document says of a request: valid, invalid, unknown (it does not say), or elsewhere (the URL
 * may resolve to another route: a raw escape or a "."/".." segment, which URL parsing resolves).
 */
type Validity = "valid" | "invalid" | "unknown" | "elsewhere";

type Param = { name: string; in: "path" | "query"; required: boolean; schema: JsonSchema };
type Operation = {
  method: Method;
  path: string;
  key: string;
  params: Param[];
  body?: JsonSchema;
  /** status → JSON schema of the body (null: declared without a JSON body). */
  responses: Record<string, JsonSchema | null>;
};

// ---------------------------------------------------------------- the app, its users and its content

const app = await createTestApp({ env: { CONTENT_DIR: FIXTURE_DIR } });
await importFixtures(app.ctx);
const user = await createUser(app, { displayName: "Fuzz Hacker" });
// Admin-only operations are fuzzed as an admin, so their handlers are reached too.
const admin = await createUser(app, { displayName: "Fuzz Admin" });
await setRoleCommand(
  { db: app.ctx.db, transaction: app.ctx.transaction, auth: await app.ctx.auth.ready() },
  { email: admin.email, role: "admin" },
);
/** Moderator operations outside /api/admin/, fuzzed as the admin too. */
const STAFF_OPERATIONS = new Set([
  "GET /api/users/reports",
  "GET /api/lessons/reports",
  "PATCH /api/users/reports/{id}/status",
  "PATCH /api/lessons/reports/{id}/status",
]);
// Blogs and classrooms: writing and teaching need has_access, reviewing a moderator; the admin has both.
const callerOf = (op: { path: string; key: string }): TestUser =>
  op.path.startsWith("/api/admin/") ||
  STAFF_OPERATIONS.has(op.key) ||
  op.path.startsWith("/api/blogs") ||
  op.path.startsWith("/api/classrooms")
    ? admin
    : user;
// Someone else the fuzzing user must never be able to change.
const bystander = await createUser(app, { displayName: "Bystander" });
const roleTarget = await createUser(app, { displayName: "Role Target" });
const deadToken = await (async () => {
  const gone = await createUser(app, { displayName: "Gone Soon" });
  const res = await deleteOwnAccount(app, gone);
  expect(res.statusCode, res.body).toBe(200);
  return gone.token;
})();
// Some progress, so the progress lists, the ledger, activities and rank have entries to validate.
const firstLesson = await lessonId(app.ctx.db, "neon-basics", "first-command");
await prepareLesson(app, user, firstLesson);
expect((await completeLessonApi(app, user, firstLesson)).statusCode).toBe(200);
// NeonBits to spend, so shop purchases succeed too (and fill the ledger).
await give(app.ctx.transaction, user.id, "neonbits", 1_000_000);
// A giveaway round open now (so an entry can succeed) and a drawn one (whose tickets are public).
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
await app.ctx.transaction((tx) =>
  createRound(tx, null, { title: "Fuzz open", prize: 5, winners: 1, endsAt: inAnHour() }),
);
const drawnRound = await app.ctx.transaction((tx) =>
  createRound(tx, null, { title: "Fuzz drawn", prize: 5, winners: 1, endsAt: inAnHour() }),
);
await drawRound(app.ctx.transaction, drawnRound.id, new Date(Date.now() + 7_200_000));

const usernameOf = async (u: TestUser) =>
  (await app.inject({ method: "GET", url: "/api/profile", headers: u.headers })).json().username as string;
const usernames = [await usernameOf(user), await usernameOf(bystander)];
const bystanderProfile = async () =>
  (await app.inject({ method: "GET", url: `/api/profiles/${usernames[1]}` })).json() as unknown;
const bystanderBefore = await bystanderProfile();

const userExportToken = await readyExport(app, user.id);
const bystanderExportToken = await readyExport(app, bystander.id);
const db = app.ctx.db;
// Users the fuzzing user stands with in each state, so every connection call can succeed once.
const [friendNew, friendOut, friendAccept, friendDecline, friendConnected] = await Promise.all(
  ["New", "Out", "Accept", "Decline", "Connected"].map((name) => makeStranger(app.ctx, `Friend ${name}`)),
);
await connect(db, user.id, friendOut, "pending");
await connect(db, friendAccept, user.id, "pending");
await connect(db, friendDecline, user.id, "pending");
await connect(db, user.id, friendConnected, "accepted");
const ownNotifications = await Promise.all(
  [1, 2, 3].map(
    async (n) =>
      (await createNotification(db, { userId: user.id, kind: "badge_earned", subject: `fuzz:${n}` }))?.id ?? 0,
  ),
);
/** `?friendId=` per operation: the one friend it can act on, the caller, a bystander. */
const friendHints: Record<string, string[]> = {
  "POST /api/users/connections": [friendNew, bystander.id],
  "DELETE /api/users/cancel-connection-request": [friendOut, bystander.id],
  "PATCH /api/users/accept-connection-request": [friendAccept, bystander.id],
  "DELETE /api/users/decline-connection-request": [friendDecline, bystander.id],
  "DELETE /api/users/connections": [friendConnected, bystander.id],
  "GET /api/users/relationship": [friendConnected, bystander.id],
};
const known = {
  categoryIds: (await db.select({ id: courseCategories.id }).from(courseCategories)).map((r) => r.id),
  courses: await db.select({ id: courses.id, slug: courses.slug }).from(courses),
  lessons: await db.select({ id: lessons.id, slug: lessons.slug, courseId: lessons.courseId }).from(lessons),
  chapterIds: (await db.select({ id: chapters.id }).from(chapters)).map((r) => r.id),
  badgeIds: (await db.select({ id: chapterBadges.id }).from(chapterBadges)).map((r) => r.id),
  quizzes: await db
    .select({
      id: quizzes.id,
      lessonId: quizzes.lessonId,
      key: quizzes.key,
      type: quizzes.type,
      options: quizzes.options,
    })
    .from(quizzes),
  reflections: await db.select({ id: reflections.id, lessonId: reflections.lessonId }).from(reflections),
};
/** A multiple-choice quiz: any set of its own option ids is an answer it grades. */
const fuzzQuiz = known.quizzes.find((q) => q.type === "multiple")!;
const courseSlug = new Map(known.courses.map((c) => [c.id, c.slug]));
const assets = known.courses.flatMap((c) =>
  listFiles(join(FIXTURE_DIR, "courses", c.slug)).map((file) => ({ course: c.slug, [WILDCARD]: file })),
);

function listFiles(dir: string, root = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full, root) : [relative(root, full)];
  });
}

// ---------------------------------------------------------------- the document

const docResponse = await app.inject({ method: "GET", url: "/api/docs/json" });
expect(docResponse.statusCode).toBe(200);
const doc = docResponse.json() as { paths: Record<string, Record<string, Record<string, unknown>>> };

function readOperations(): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method] as
        | {
            parameters?: { name: string; in: string; required?: boolean; schema: unknown }[];
            requestBody?: { content?: Record<string, { schema?: unknown }> };
            responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
          }
        | undefined;
      if (!op) continue;
      const params = (op.parameters ?? [])
        .filter((p) => p.in === "path" || p.in === "query")
        .map((p) => ({
          name: p.name,
          in: p.in as "path" | "query",
          required: p.in === "path" || Boolean(p.required),
          schema: normalizeOpenApiSchema(p.schema),
        }));
      const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
      const responses: Record<string, JsonSchema | null> = {};
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const schema = response.content?.["application/json"]?.schema;
        responses[status] = schema ? normalizeOpenApiSchema(schema) : null;
      }
      ops.push({
        method,
        path,
        key: `${method.toUpperCase()} ${path}`,
        params,
        body: bodySchema ? normalizeOpenApiSchema(bodySchema) : undefined,
        responses,
      });
    }
  }
  return ops;
}

const operations = readOperations();

// ---------------------------------------------------------------- validators

const ajv = addFormats(new Ajv({ strict: true, allErrors: false }));
const ajvParams = addFormats(new Ajv({ strict: true, allErrors: false, coerceTypes: true }));
const compiled = new Map<string, ValidateFunction>();
function validator(id: string, schema: JsonSchema, coerce = false): ValidateFunction {
  const cacheKey = `${coerce ? "c" : "s"}:${id}`;
  let fn = compiled.get(cacheKey);
  if (!fn) {
    fn = (coerce ? ajvParams : ajv).compile(schema);
    compiled.set(cacheKey, fn);
  }
  return fn;
}

// ---------------------------------------------------------------- known values (mixed into generation)

// Guided projects: the fuzzing user has passed the free one's steps (so completing and rating it succeed).
const projectIds = [await projectIdOf(db, "neon-sign"), await projectIdOf(db, "neon-console")];
const stepKeys = (await db.select({ key: projectSteps.key }).from(projectSteps)).map((s) => s.key);
await passSign(app, user.headers, projectIds[0]!);
const digits6 = fc.stringMatching(/^\d{6}$/);
const commonHints: Record<string, fc.Arbitrary<unknown>> = {
  "path.username": fc.constantFrom(...usernames, usernames[1].toUpperCase(), `${usernames[1]} `),
  "path.slug": fc.constantFrom(...known.courses.map((c) => c.slug)),
  "path.lessonSlug": fc.constantFrom(...known.lessons.map((l) => l.slug)),
  "path.course": fc.constantFrom(...known.courses.map((c) => c.slug)),
  "path.project": fc.constantFrom("neon-sign", "neon-console"),
  [`path.${WILDCARD}`]: fc.constantFrom(...assets.map((a) => a[WILDCARD]), "cover.svg", "missing.png"),
  "path.quizId": fc.constantFrom(...known.quizzes.map((q) => q.id)),
  "path.reflectionId": fc.constantFrom(...known.reflections.map((r) => r.id)),
  "query.categoryId": fc.constantFrom(...known.categoryIds),
  // The fuzzing user's own export link, and the bystander's (never theirs: 404).
  "path.token": fc.constantFrom(userExportToken, bystanderExportToken),
  "query.userId": fc.constantFrom(user.id, bystander.id),
  "query.to": fc.constantFrom(user.email, bystander.email),
  // Option ids are opaque and belong to one quiz: the ids of the quiz most answers go to (below), and "0",
  // a position, which is an unknown option.
  "body.responses[]": fc.constantFrom("0", ...fuzzQuiz.options.map((o) => storedOptionId(fuzzQuiz.key, o))),
  "body.username": fc.constantFrom(...usernames),
  "body.id": fc.constantFrom(user.id, bystander.id),
  "body.time_zone": fc.constantFrom("UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Not/AZone", ""),
  "body.email": fc.oneof(fc.emailAddress(), fc.constantFrom(user.email, bystander.email, "  MiXeD@Example.TEST ")),
  "body.otp": digits6,
  "body.providerId": fc.constantFrom("google", "github"),
  "body.step": fc.constantFrom(...stepKeys, "no-such-step"),
  "body.provider": fc.constantFrom("google", "github"),
  "body.assistantId": fc.constantFrom(...known.lessons.flatMap((l) => [`lesson-${l.id}`, `lesson-${l.id}-offline`])),
};
// Reports for the moderators' status calls to act on (sent by the bystander).
const bystanderReports = {
  app: await reportApp(app.ctx.db, bystander.id, { cause: "bug", description: "Fuzz: something is broken." }),
  lesson: await reportLesson(app.ctx.db, bystander.id, known.lessons[0]!.id, {
    cause: "other",
    description: "Fuzz: something is odd.",
  }),
};
// Review cards: the fuzzing user's, due now (wrong lesson answers to the same quiz make it due again), and the
// bystander's (never theirs: 404).
const reviewCardOf = async (userId: string) =>
  (
    await db
      .insert(reviewCards)
      .values({ userId, quizId: fuzzQuiz.id, due: new Date() })
      .returning({ id: reviewCards.id })
  )[0]!.id;
const reviewCardIds = [await reviewCardOf(user.id), await reviewCardOf(bystander.id)];
commonHints["path.cardId"] = fc.constantFrom(...reviewCardIds);
commonHints["body.answer[]"] = commonHints["body.responses[]"]!;
// Tutor conversations: the fuzzing user's (read, continued, deleted) and the bystander's (never theirs: 404).
const tutorExchange = (userId: string, question: string) =>
  saveExchange(db, {
    userId,
    lessonId: known.lessons[0]!.id,
    threadId: null,
    question,
    answer: "An answer.",
    assistant: "offline",
  });
const ownThreads = await Promise.all(
  Array.from({ length: 12 }, (_, i) => tutorExchange(user.id, `Fuzz question ${i}?`)),
);
const bystanderThread = await tutorExchange(bystander.id, "The bystander's question?");
const threadIds = [...ownThreads.map((t) => t.threadId), bystanderThread.threadId];
commonHints["body.threadId"] = fc.constantFrom(...threadIds);
const blogFixture = await fuzzBlogs(db, { writerId: admin.id, otherId: bystander.id });
// Hacks of the bystander's, changed by nobody but them: an unlisted one, read, forked and carded by anyone
// at its link and by nobody else at its id (404), and a listed one, open at its id too.
const bystanderHack = await createHack(app.ctx, bystander.id, { title: "Fuzz target" });
const listedHack = await createHack(app.ctx, bystander.id, { title: "Fuzz listed", listed: true });
// Classrooms the admin (the fuzzing caller of /api/classrooms) teaches, with the bystander as a member; one the
// bystander teaches with the admin as a member (to leave); one only to join (its code never rotates); and
// rooms only to close, so the others stay open.
const taught = await Promise.all(
  [1, 2].map(() => makeClassroom(db, { teachers: [admin.id], members: [bystander.id], name: "Fuzz class" })),
);
const toClose = await Promise.all([1, 2].map(() => makeClassroom(db, { teachers: [admin.id], name: "Fuzz closing" })));
const toLeave = await makeClassroom(db, { teachers: [bystander.id], members: [admin.id], name: "Fuzz leaving" });
const toJoin = await makeClassroom(db, { teachers: [bystander.id], name: "Fuzz joining" });
const taughtIds = taught.map((c) => c.id);
const fuzzAssignments = await Promise.all(
  taught.map((c) => makeAssignment(db, c.id, { kind: "course", id: known.courses[0]!.id, dueDate: "2099-01-31" })),
);
const classroomHints: Record<string, fc.Arbitrary<unknown>> = {
  "/api/classrooms/join body.code": fc.constantFrom(
    toJoin.joinCode,
    `${toJoin.joinCode.slice(0, 5)}-${toJoin.joinCode.slice(5)}`,
  ),
  "/api/classrooms/{id}/teachers body.username": fc.constantFrom(...usernames),
  "/api/classrooms/{id}/assignments body.id": fc.constantFrom(
    ...known.courses.map((c) => c.id),
    ...known.chapterIds,
    ...projectIds,
  ),
  "/api/classrooms/{id}/assignments body.due_date": fc.constantFrom("2099-01-31", "2030-02-28", null),
};
const idHints: Record<string, number[]> = {
  ...Object.fromEntries(
    ["", "/progress", "/progress.csv", "/code", "/teachers", "/assignments"].map((tail) => [
      `/api/classrooms/{id}${tail}`,
      taughtIds,
    ]),
  ),
  "/api/classrooms/{id}/close": toClose.map((c) => c.id),
  "/api/classrooms/{id}/leave": [toLeave.id],
  "/api/hacks/{id}/fork": [listedHack.id, bystanderHack.id],
  "/api/hacks/{id}/card.png": [listedHack.id, bystanderHack.id],
  ...blogFixture.idHints,
  "/api/lessons/chat/threads/{id}": threadIds,
  "/api/lessons/{id}/reports": known.lessons.map((l) => l.id),
  "/api/users/reports/{id}/status": [bystanderReports.app.id],
  "/api/lessons/reports/{id}/status": [bystanderReports.lesson.id],
  "/api/chapters/{id}": known.chapterIds,
  "/api/chapter-badges/{id}": known.badgeIds,
  "/api/lessons/{id}/complete": known.lessons.map((l) => l.id),
  "/api/giveaway/rounds/{id}/tickets": [drawnRound.id],
  "/api/lessons/{id}/quizes/{quizId}/complete": known.lessons.map((l) => l.id),
  "/api/lessons/{id}/reflections/{reflectionId}/complete": known.lessons.map((l) => l.id),
  "/api/notifications/{id}/read": ownNotifications,
  ...Object.fromEntries(
    ["", "/files", "/check", "/report", "/complete", "/vote"].map((tail) => [`/api/projects/{id}${tail}`, projectIds]),
  ),
};
/** Path parameters that only make sense together (a quiz of that lesson, a lesson of that course…). */
const jointPathHints: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  "/api/classrooms/{id}/members/{userId}": fc.constantFrom(...taughtIds.map((id) => ({ id, userId: bystander.id }))),
  "/api/classrooms/{id}/assignments/{assignmentId}": fc.constantFrom(
    ...fuzzAssignments.map((a) => ({ id: a.classroomId, assignmentId: a.id })),
  ),
  "/api/courses/{slug}/lessons/{lessonSlug}": fc.constantFrom(
    ...known.lessons.map((l) => ({ slug: courseSlug.get(l.courseId), lessonSlug: l.slug })),
  ),
  "/api/lessons/{id}/quizes/{quizId}/complete": fc.oneof(
    { weight: 3, arbitrary: fc.constant({ id: fuzzQuiz.lessonId, quizId: fuzzQuiz.id }) },
    { weight: 1, arbitrary: fc.constantFrom(...known.quizzes.map((q) => ({ id: q.lessonId, quizId: q.id }))) },
  ),
  "/api/lessons/{id}/reflections/{reflectionId}/complete": fc.constantFrom(
    ...known.reflections.map((r) => ({ id: r.lessonId, reflectionId: r.id })),
  ),
  "/api/content-assets/{course}/{path}": fc.constantFrom(...assets),
  ...Object.fromEntries(
    ["", "/fork", "/card.png"].map((tail) => [
      `/api/hacks/users/{username}/{slug}${tail}`,
      fc.constant({ username: usernames[1], slug: bystanderHack.slug }),
    ]),
  ),
};

function hintsFor(op: Operation): Hints {
  return (location) => {
    const blogHint = blogFixture.hints[`${op.path} ${location}`] ?? blogFixture.hints[location];
    if (blogHint) return fc.constantFrom(...blogHint);
    const classroomHint = classroomHints[`${op.path} ${location}`];
    if (classroomHint) return classroomHint;
    if (location === "path.id") {
      const ids = idHints[op.path];
      return ids?.length ? fc.constantFrom(...ids) : undefined;
    }
    const friends = friendHints[op.key];
    if (location === "query.friendId" && friends) return fc.constantFrom(...friends, user.id);
    // Roles are the admin's to set on anyone: a throwaway account (never the bystander, whose profile is checked).
    if (location === "body.email" && op.key === "PATCH /api/admin/users/role") {
      return fc.oneof(fc.emailAddress(), fc.constant(roleTarget.email));
    }
    return commonHints[location];
  };
}

// ---------------------------------------------------------------- hostile inputs

/** Path values that are not ids/slugs (sent URL-encoded). */
const BAD_PATH_VALUES = [
  "",
  " ",
  "0",
  "-1",
  "-0",
  "1.5",
  "1e3",
  "0x1f",
  "Infinity",
  "NaN",
  "2147483648",
  "99999999999999999999",
  "9".repeat(400),
  "a".repeat(5000),
  "١٢",
  "𝟙",
  "日本語",
  "😀",
  "\u0000",
  "\u202e1",
  "../../etc/passwd",
  "..",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "' OR '1'='1",
  "%",
  "<script>alert(1)</script>",
];
/** Sent as-is (not encoded): malformed escapes, traversal, encoded NUL/slash. */
const RAW_PATH_VALUES = ["%", "%zz", "%E0%A4%A", "%00", "%2e%2e", "..%2f..%2f", "a%20b", "%C0%AF", "%u0041", "%2F"];

const RAW_BODIES: { payload: string; contentType?: string }[] = [
  { payload: "{", contentType: "application/json" },
  { payload: '{"a":', contentType: "application/json" },
  { payload: "", contentType: "application/json" },
  { payload: "nul", contentType: "application/json" },
  { payload: '{"a":1}{"b":2}', contentType: "application/json" },
  { payload: "\u0000", contentType: "application/json" },
  { payload: '{"__proto__":{"polluted":true}}', contentType: "application/json" },
  { payload: '{"constructor":{"prototype":{"polluted":true}}}', contentType: "application/json" },
  { payload: '{"a":1}', contentType: "text/plain" },
  { payload: "a=1&b=2", contentType: "application/x-www-form-urlencoded" },
  { payload: '{"a":1}', contentType: "application/xml" },
  { payload: '{"a":1}', contentType: "application/json; charset=utf-16" },
  { payload: `{"a":"${"x".repeat(1_100_000)}"}`, contentType: "application/json" },
  { payload: `${"[".repeat(50_000)}${"]".repeat(50_000)}`, contentType: "application/json" },
  { payload: `${'{"a":'.repeat(20_000)}"\\u0000"${"}".repeat(20_000)}`, contentType: "application/json" },
  // An unknown field nested 10,000 deep: parses, then overflowed the stack when copied again (a 500).
  { payload: `{"unknownField":${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}}`, contentType: "application/json" },
];

/** A body the document accepts plus an unknown field nested 10,000 deep (once a stack overflow: a 500). */
function withDeepUnknownField(value: unknown): BodyDraft {
  const bomb = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
  const text = JSON.stringify(value);
  const isObject = value !== null && typeof value === "object" && !Array.isArray(value);
  const payload =
    isObject && text !== "{}" ? `${text.slice(0, -1)},"unknownField":${bomb}}` : `{"unknownField":${bomb}}`;
  return { kind: "raw", payload, contentType: "application/json" };
}

type AuthChoice = "user" | "none" | "dead" | "garbage" | "long" | "basic" | "empty" | "fresh";
const authHeaders = (choice: AuthChoice, caller: TestUser = user): Record<string, string> => {
  switch (choice) {
    case "user":
      return caller.headers;
    case "none":
    case "fresh":
      return {};
    case "dead":
      return { authorization: `Bearer ${deadToken}` };
    case "garbage":
      return { authorization: "Bearer not-a-real-token.at-all" };
    case "long":
      return { authorization: `Bearer ${"A".repeat(8000)}` };
    case "basic":
      return { authorization: "Basic dXNlcjpwYXNzd29yZA==" };
    case "empty":
      return { authorization: "Bearer " };
  }
};
const badAuth = fc.constantFrom<AuthChoice>("none", "dead", "garbage", "long", "basic", "empty");

// ---------------------------------------------------------------- request drafts

type PathValue = { value: string; raw?: boolean };
type BodyDraft =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; payload: string; contentType?: string };
type Draft = {
  intent: "valid" | "invalid";
  path: Record<string, PathValue>;
  query: [string, string][];
  body: BodyDraft;
  auth: AuthChoice;
  sharedIp: boolean;
};

const asParamString = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

function pathArbitraries(op: Operation, hints: Hints) {
  const pathParams = op.params.filter((p) => p.in === "path");
  const model = Object.fromEntries(
    pathParams.map((p) => [p.name, validArbitrary(p.schema, { hints, location: `path.${p.name}` })]),
  );
  const independent = fc.record(model) as fc.Arbitrary<Record<string, unknown>>;
  const joint = jointPathHints[op.path];
  const valid = (joint ? fc.oneof({ arbitrary: joint, weight: 3 }, { arbitrary: independent, weight: 1 }) : independent)
    .map((values) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { value: asParamString(v) }])))
    // A valid request must reach its own route: no "."/".." segment for URL parsing to resolve away.
    .filter((values) => !Object.entries(values).some(([k, v]) => hasDotSegment(k, v.value))) as fc.Arbitrary<
    Record<string, PathValue>
  >;
  if (pathParams.length === 0) return { valid, invalid: undefined };
  const invalid = fc
    .tuple(
      valid,
      fc.constantFrom(...pathParams),
      fc.oneof(
        { arbitrary: fc.constantFrom(...BAD_PATH_VALUES).map((value) => ({ value })), weight: 4 },
        { arbitrary: fc.constantFrom(...RAW_PATH_VALUES).map((value) => ({ value, raw: true })), weight: 1 },
        { arbitrary: fc.string({ unit: codePoint, maxLength: 30 }).map((value) => ({ value })), weight: 2 },
      ),
      fc.nat(),
    )
    .chain(([values, param, garbage, pick]) =>
      (pick % 2 === 0
        ? fc.constant(garbage as PathValue)
        : invalidArbitrary(param.schema, { location: `path.${param.name}` }).map(
            (v): PathValue => ({ value: asParamString(v) }),
          )
      ).map((bad) => ({ ...values, [param.name]: bad })),
    );
  return { valid, invalid };
}

function queryArbitraries(op: Operation, hints: Hints) {
  const queryParams = op.params.filter((p) => p.in === "query");
  const model = Object.fromEntries(
    queryParams.map((p) => [p.name, validArbitrary(p.schema, { hints, location: `query.${p.name}` })]),
  );
  const required = queryParams.filter((p) => p.required).map((p) => p.name);
  const junkParams = fc.array(
    fc.tuple(fc.constantFrom("page", "sort", "__proto__", "userId", "limit", "x"), fc.string({ maxLength: 8 })),
    { maxLength: 2 },
  );
  const valid = fc
    .tuple(fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>, fc.nat(9), junkParams)
    .map(([values, dice, junk]) => {
      const pairs: [string, string][] = Object.entries(values).map(([k, v]) => [k, asParamString(v)]);
      // Unknown parameters are ignored by the document; send some now and then (unless they collide).
      if (dice === 0) pairs.push(...junk.filter(([k]) => !queryParams.some((p) => p.name === k)));
      return pairs;
    });
  if (queryParams.length === 0) return { valid, invalid: undefined };
  const invalid = fc.tuple(valid, fc.constantFrom(...queryParams), fc.nat(3)).chain(([pairs, param, how]) => {
    const others = pairs.filter(([k]) => k !== param.name);
    if (how === 0 && param.required) return fc.constant(others);
    if (how === 1) {
      // Repeated parameter: arrives as an array.
      return fc
        .tuple(validArbitrary(param.schema), validArbitrary(param.schema))
        .map(([a, b]): [string, string][] => [
          ...others,
          [param.name, asParamString(a)],
          [param.name, asParamString(b)],
        ]);
    }
    const bad = fc.oneof(
      invalidArbitrary(param.schema, { location: `query.${param.name}` }).map(asParamString),
      fc.constantFrom(...BAD_PATH_VALUES),
    );
    return bad.map((value): [string, string][] => [...others, [param.name, value]]);
  });
  return { valid, invalid };
}

function bodyArbitraries(op: Operation, hints: Hints) {
  const none = fc.constant<BodyDraft>({ kind: "none" });
  if (op.method === "get") return { valid: none, invalid: undefined };
  const raw = fc.constantFrom(...RAW_BODIES).map((b): BodyDraft => ({ kind: "raw", ...b }));
  if (!op.body) {
    const junk = fc.jsonValue({ maxDepth: 2 }).map((value): BodyDraft => ({ kind: "json", value }));
    return { valid: fc.oneof({ arbitrary: none, weight: 3 }, { arbitrary: junk, weight: 1 }), invalid: raw };
  }
  const valid = validArbitrary(op.body, { hints, location: "body" }).map(
    (value): BodyDraft => ({ kind: "json", value }),
  );
  const bad = invalidArbitrary(op.body, { hints, location: "body" }).map(
    (value): BodyDraft => ({ kind: "json", value }),
  );
  const missing = fc.constant<BodyDraft>({ kind: "none" });
  const deep = validArbitrary(op.body, { hints, location: "body" }).map(withDeepUnknownField);
  return {
    valid,
    invalid: fc.oneof(
      { arbitrary: bad, weight: 8 },
      { arbitrary: raw, weight: 2 },
      { arbitrary: missing, weight: 1 },
      { arbitrary: deep, weight: 1 },
    ),
  };
}

function draftArbitrary(op: Operation, authArb: fc.Arbitrary<AuthChoice>): fc.Arbitrary<Draft> {
  const hints = hintsFor(op);
  const path = pathArbitraries(op, hints);
  const query = queryArbitraries(op, hints);
  const body = bodyArbitraries(op, hints);
  const sharedIp = fc.nat(9).map((n) => n === 0);
  const valid = fc
    .record({ path: path.valid, query: query.valid, body: body.valid, auth: authArb, sharedIp })
    .map((d): Draft => ({ ...d, intent: "valid" }));
  const breakable = [
    path.invalid && fc.tuple(path.invalid, query.valid, body.valid),
    query.invalid && fc.tuple(path.valid, query.invalid, body.valid),
    body.invalid && fc.tuple(path.valid, query.valid, body.invalid),
  ].filter((a) => a !== undefined);
  if (breakable.length === 0) return valid;
  const invalid = fc.tuple(fc.oneof(...breakable), authArb, sharedIp).map(
    ([[p, q, b], auth, shared]): Draft => ({
      intent: "invalid",
      path: p,
      query: q,
      body: b,
      auth,
      sharedIp: shared,
    }),
  );
  return fc.oneof(valid, invalid);
}

// ---------------------------------------------------------------- classification (by the document, via ajv)

/** "." and ".." path segments are resolved away by URL parsing (clients and inject alike). */
function hasDotSegment(name: string, value: string) {
  return (name === WILDCARD ? value.split("/") : [value]).some((segment) => segment === "." || segment === "..");
}

function classify(op: Operation, draft: Draft): { validity: Validity; why: string } {
  const verdicts: { validity: Validity; why: string }[] = [];
  for (const param of op.params.filter((p) => p.in === "path")) {
    const v = draft.path[param.name];
    if (v?.raw || hasDotSegment(param.name, v?.value ?? "")) {
      verdicts.push({ validity: "elsewhere", why: `path ${param.name} is raw or a dot segment` });
      continue;
    }
    const check = validator(`${op.key} path ${param.name}`, param.schema, true);
    if (!check(v?.value))
      verdicts.push({ validity: "invalid", why: `path ${param.name}: ${ajv.errorsText(check.errors)}` });
  }
  const queryParams = op.params.filter((p) => p.in === "query");
  if (queryParams.length) {
    const queryObject: Record<string, string | string[]> = {};
    for (const [k, v] of draft.query) {
      if (!queryParams.some((p) => p.name === k)) continue;
      const prev = queryObject[k];
      queryObject[k] = prev === undefined ? v : [...(Array.isArray(prev) ? prev : [prev]), v];
    }
    const schema: JsonSchema = {
      type: "object",
      properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema])),
      required: queryParams.filter((p) => p.required).map((p) => p.name),
    };
    const check = validator(`${op.key} query`, schema, true);
    if (!check(structuredClone(queryObject))) {
      verdicts.push({ validity: "invalid", why: `query: ${ajv.errorsText(check.errors)}` });
    }
  }
  const body = draft.body;
  if (op.body) {
    if (body.kind === "json") {
      const check = validator(`${op.key} body`, op.body);
      if (!check(body.value)) verdicts.push({ validity: "invalid", why: `body: ${ajv.errorsText(check.errors)}` });
    } else {
      verdicts.push({ validity: "invalid", why: body.kind === "none" ? "no body" : "raw body" });
    }
  } else if (body.kind === "raw") {
    // Without a declared body a well-formed JSON body is ignored; a malformed or oversized one is refused.
    const verdict = rawJsonVerdict(body);
    if (verdict !== "valid") verdicts.push({ validity: verdict, why: "raw body without a declared body" });
  }
  return (
    verdicts.find((v) => v.validity === "elsewhere") ??
    verdicts.find((v) => v.validity === "invalid") ??
    verdicts.find((v) => v.validity === "unknown") ?? { validity: "valid", why: "" }
  );
}

const BODY_LIMIT = 1024 * 1024;
function rawJsonVerdict(body: { payload: string; contentType?: string }): Validity {
  if (body.contentType !== "application/json") return "unknown";
  if (Buffer.byteLength(body.payload) > BODY_LIMIT) return "invalid";
  try {
    JSON.parse(body.payload);
  } catch {
    return "invalid";
  }
  // Prototype-poisoning keys are refused by Fastify's parser even where the body is otherwise ignored.
  return /__proto__|constructor/.test(body.payload) ? "unknown" : "valid";
}

// ---------------------------------------------------------------- sending and checking

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

function buildUrl(op: Operation, draft: Draft) {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = draft.path[name];
    if (!v) return "";
    if (v.raw) return v.value;
    // The wildcard keeps its slashes (each segment encoded); other parameters are one segment.
    return name === WILDCARD ? v.value.split("/").map(encodeURIComponent).join("/") : encodeURIComponent(v.value);
  });
  const qs = draft.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
  return qs ? `${path}?${qs}` : path;
}

type Sent = { method: string; url: string; headers: Record<string, string>; payload?: string; remoteAddress: string };

function toRequest(op: Operation, draft: Draft, headers: Record<string, string>): Sent {
  const sent: Sent = {
    method: op.method.toUpperCase(),
    url: buildUrl(op, draft),
    headers: { ...headers },
    remoteAddress: draft.sharedIp ? "127.0.0.1" : nextIp(),
  };
  if (draft.body.kind === "json") {
    sent.payload = JSON.stringify(draft.body.value) ?? "null";
    sent.headers["content-type"] = "application/json";
  } else if (draft.body.kind === "raw") {
    sent.payload = draft.body.payload;
    if (draft.body.contentType) sent.headers["content-type"] = draft.body.contentType;
  }
  return sent;
}

type Stats = Record<string, number>;
const allStats = new Map<string, Stats>();
const count = (stats: Stats, key: string) => {
  stats[key] = (stats[key] ?? 0) + 1;
};

function describeRequest(sent: Sent, validity: Validity, why: string, status: number, body: string) {
  const payload = sent.payload && sent.payload.length > 600 ? `${sent.payload.slice(0, 600)}…` : sent.payload;
  const auth = sent.headers.authorization ? `${sent.headers.authorization.slice(0, 20)}…` : "none";
  return [
    `${sent.method} ${sent.url.length > 300 ? `${sent.url.slice(0, 300)}…` : sent.url}`,
    `  auth: ${auth}; content-type: ${sent.headers["content-type"] ?? "-"}; validity: ${validity}${why ? ` (${why})` : ""}`,
    `  payload: ${payload ?? "-"}`,
    `  → ${status} ${body.length > 800 ? `${body.slice(0, 800)}…` : body}`,
    `  (reproduce: FUZZ_SEED=${SEED} FUZZ_RUNS=${NUM_RUNS})`,
  ].join("\n");
}

/** Every 4xx is the spec's error object with a readable message. */
/** Every non-2xx answer: the spec's error object (§8), whatever answered (Fastify, Better Auth, a limit). */
function checkClientError(status: number, contentType: string, body: string, context: string) {
  expect(contentType, `a non-2xx answer must be JSON\n${context}`).toContain("application/json");
  const parsed = JSON.parse(body) as { statusCode?: unknown; statusMessage?: unknown; message?: unknown };
  expect(parsed.statusCode, context).toBe(status);
  expect(typeof parsed.statusMessage === "string" && parsed.statusMessage.length > 0, context).toBe(true);
  expect(typeof parsed.message === "string" && parsed.message.trim().length > 0, context).toBe(true);
  // Internals never leak into a message.
  expect(String(parsed.message), context).not.toMatch(/Failed query|drizzle|postgres|pglite|\bat .+\.(ts|js):\d+/i);
}

function checkSuccess(op: Operation, status: number, contentType: string, body: string, context: string) {
  const declared = Object.hasOwn(op.responses, String(status))
    ? op.responses[String(status)]
    : (op.responses[`${String(status)[0]}XX`] ?? op.responses.default);
  expect(
    declared !== undefined || Object.hasOwn(op.responses, String(status)),
    `status ${status} is not declared for ${op.key}\n${context}`,
  ).toBe(true);
  if (!declared) return;
  expect(contentType, context).toContain("application/json");
  const check = validator(`${op.key} response ${status}`, declared);
  const ok = check(JSON.parse(body));
  expect(ok, `response does not match the declared schema: ${ajv.errorsText(check.errors)}\n${context}`).toBe(true);
}

// Tables whose rows must not change when a request is refused. Left out: sessions (Better Auth may
// touch them on any authenticated call), verifications and outbox (mail is written after the response),
// and the imported content, which no API route writes (hashing it each time only costs time).
const SNAPSHOT_EXCLUDED = new Set([
  // Prepared by a job after POST /api/users/data-export answered, like the outbox's mail.
  "data_exports",
  // When the learner was last seen: written after any signed-in request, refused or not (progress/presence-service.ts).
  "learner_presence",
  "sessions",
  "verifications",
  "outbox",
  "course_categories",
  "courses",
  "chapter_badges",
  "chapters",
  "lessons",
  "quizzes",
  "reflections",
]);
const snapshotTables = (
  (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] }
).rows
  .map((r) => r.name)
  .filter((name) => !SNAPSHOT_EXCLUDED.has(name));
// The rank histograms are folded every 2 s in the background (progress/rank-compaction.ts): their rows change
// while their sums per value, all that a reader sees, do not. So they are compared by those sums.
const SNAPSHOT_AS: Record<string, string> = {
  xp_totals_histogram: "select xp, sum(users) from xp_totals_histogram group by 1 having sum(users) <> 0",
  xp_weekly_histogram:
    "select week_start, xp, sum(users) from xp_weekly_histogram group by 1, 2 having sum(users) <> 0",
};
const snapshotSql = sql.raw(
  `select ${snapshotTables
    .map((t) => {
      const rows = SNAPSHOT_AS[t] ?? `select * from "${t}"`;
      return `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from (${rows}) x) as "${t}"`;
    })
    .join(", ")}`,
);
async function snapshot(): Promise<Record<string, string>> {
  const result = (await db.execute(snapshotSql)) as unknown as { rows: Record<string, string>[] };
  return result.rows[0];
}

async function fuzzOperation(
  op: Operation,
  options: {
    auth?: fc.Arbitrary<AuthChoice>;
    prepareAuth?: (choice: AuthChoice) => Promise<Record<string, string>>;
  } = {},
) {
  const stats: Stats = {};
  allStats.set(op.key, stats);
  const authArb =
    options.auth ??
    fc.oneof({ arbitrary: fc.constant<AuthChoice>("user"), weight: 9 }, { arbitrary: badAuth, weight: 1 });
  const writes = op.method !== "get";
  let before: Record<string, string> | undefined;

  await fc.assert(
    fc.asyncProperty(draftArbitrary(op, authArb), async (draft) => {
      const { validity, why } = classify(op, draft);
      const headers = options.prepareAuth
        ? await options.prepareAuth(draft.auth)
        : authHeaders(draft.auth, callerOf(op));
      if (options.prepareAuth) before = undefined;
      const sent = toRequest(op, draft, headers);
      if (writes) before ??= await snapshot();
      const res = await app.inject(sent);
      const status = res.statusCode;
      const contentType = String(res.headers["content-type"] ?? "");
      const context = describeRequest(sent, validity, why, status, res.body);
      count(stats, `${validity} ${Math.floor(status / 100)}xx`);

      // The generator aims at valid requests; the document must agree (keeps the generator honest).
      expect(
        draft.intent === "invalid" || validity === "valid",
        `generator produced an invalid request\n${context}`,
      ).toBe(true);
      expect(status, `server error\n${context}`).toBeLessThan(500);
      if (validity === "invalid") {
        expect(status >= 400 && status < 500, `invalid request was not refused\n${context}`).toBe(true);
      }
      if (status >= 300) checkClientError(status, contentType, res.body, context);
      else if (validity !== "elsewhere") checkSuccess(op, status, contentType, res.body, context);

      if (writes) {
        const after = await snapshot();
        if (status >= 400) expect(after, `a refused request changed the database\n${context}`).toEqual(before);
        before = after;
      }
    }),
    { numRuns: NUM_RUNS, seed: SEED, endOnFailure: process.env.FUZZ_SHRINK !== "1" },
  );
  if (VERBOSE) console.log(op.key, stats);
  return stats;
}

// ---------------------------------------------------------------- the tests

/**
 * Operations whose valid requests may all be refused with this fixture state (the test still checks
 * every response). Everything else must answer 2xx at least once, proving the generator reaches the handler.
 */
const NO_SUCCESS_EXPECTED: Record<string, string> = {
  // A broken streak is needed to save it; the fuzzing user's streak is alive (a lesson was completed today).
  "PATCH /api/users/save-streak": "no broken streak to save",
  // Needs a freeze in the inventory, which the fuzzing user does not own.
  "PATCH /api/users/freeze-streak": "no freeze owned",
  "PATCH /api/users/unfreeze-streak": "no freeze in use",
  // Payments: a plan is one of the seeded price ids (no random string is), and the fuzzing user has no
  // subscription to manage; the webhook needs a provider signature. payments.test.ts covers their successes.
  "POST /api/stripe/create-subscription-session": "priceId must name a seeded plan",
  "GET /api/stripe/update-subscription-session": "no subscription",
  "PATCH /api/stripe/cancel-subscription": "no subscription",
  "PATCH /api/stripe/reactivate-subscription": "no subscription",
  "POST /api/stripe/webhook": "no provider signature",
  // Multipart bodies are not generated; uploads.test.ts covers the uploads and the stored images' answers.
  "PATCH /api/blogs/{id}/upload-cover": "multipart body",
  "PATCH /api/blogs/{id}/upload-images": "multipart body",
  "GET /api/blogs/media/{name}": "no stored image file in the fixture",
  // A report needs the token the server signed for a check attempt on the saved files (projects.test.ts).
  "POST /api/projects/{id}/report": "no signed attempt",
};

/** DELETE /api/users deletes the caller: fuzzed last, with throwaway users, never the fuzzing user. */
const DELETE_ACCOUNT = "DELETE /api/users";

describe("OpenAPI fuzzing", () => {
  it("reads a document with operations and a response for each", () => {
    expect(operations.length).toBeGreaterThan(20);
    for (const op of operations) {
      expect(
        Object.keys(op.responses).some((s) => s.startsWith("2")),
        op.key,
      ).toBe(true);
    }
    // Better Auth's wildcard /api/auth/* is hidden from the document (its bodies are fuzzed below).
    expect(operations.some((op) => op.path.startsWith("/api/auth/"))).toBe(false);
    // The "changes nothing" check really looks at the user data.
    expect(snapshotTables).toEqual(
      expect.arrayContaining(["users", "profiles", "contact_messages", "client_errors", "quiz_attempts", "streaks"]),
    );
  });

  it("generates requests the document accepts when it aims at valid ones", () => {
    for (const op of operations) {
      const drafts = fc.sample(draftArbitrary(op, fc.constant<AuthChoice>("user")), { numRuns: 100, seed: SEED });
      for (const draft of drafts) {
        if (draft.intent === "valid") expect(classify(op, draft), op.key).toEqual({ validity: "valid", why: "" });
      }
      const invalid = drafts.filter((d) => d.intent === "invalid");
      if (invalid.length > 0 && (op.body || op.params.length > 0)) {
        // Most "invalid" aims really are invalid (a few, like junk keys where extras are allowed, are not).
        const refused = invalid.filter((d) => classify(op, d).validity !== "valid").length;
        expect(refused / invalid.length, op.key).toBeGreaterThan(0.3);
      }
    }
  });

  for (const op of operations.filter((o) => o.key !== DELETE_ACCOUNT)) {
    it(
      op.key,
      async () => {
        const stats = await fuzzOperation(op);
        const successes = (stats["valid 2xx"] ?? 0) + (stats["unknown 2xx"] ?? 0);
        if (!NO_SUCCESS_EXPECTED[op.key]) expect(successes, `${op.key}: ${JSON.stringify(stats)}`).toBeGreaterThan(0);
        if (op.body || op.params.length > 0 || op.method !== "get") {
          expect(stats["invalid 4xx"] ?? 0, `${op.key}: ${JSON.stringify(stats)}`).toBeGreaterThan(0);
        }
      },
      OP_TIMEOUT,
    );
  }

  it(
    `${DELETE_ACCOUNT} (throwaway users only)`,
    async () => {
      const op = operations.find((o) => o.key === DELETE_ACCOUNT);
      expect(op, "DELETE /api/users is in the document").toBeDefined();
      if (!op) return;
      // Mostly refused callers; now and then a fresh throwaway account that the request really deletes.
      const auth = fc.oneof(
        { arbitrary: fc.constant<AuthChoice>("fresh"), weight: 1 },
        { arbitrary: badAuth, weight: 12 },
      );
      const stats = await fuzzOperation(op, {
        auth,
        prepareAuth: async (choice) => {
          if (choice !== "fresh") return authHeaders(choice);
          return (await createUser(app, { displayName: "Throwaway" })).headers;
        },
      });
      // At least one real deletion, whatever the generator picked: then the token is dead.
      const throwaway = await createUser(app, { displayName: "Throwaway" });
      const deleted = await app.inject({
        method: "DELETE",
        url: "/api/users?junk=1",
        headers: throwaway.headers,
        payload: { password: throwaway.password },
      });
      checkSuccess(op, deleted.statusCode, String(deleted.headers["content-type"]), deleted.body, deleted.body);
      expect(deleted.statusCode).toBe(200);
      const again = await deleteOwnAccount(app, throwaway);
      expect(again.statusCode).toBe(401);
      checkClientError(401, String(again.headers["content-type"]), again.body, again.body);
      expect(stats["invalid 4xx"] ?? 0).toBeGreaterThan(0);
      // The fuzzing user survived all of it.
      expect((await app.inject({ method: "GET", url: "/api/profile", headers: user.headers })).statusCode).toBe(200);
    },
    OP_TIMEOUT,
  );

  // Found by this fuzzer once; pinned here so they stay fixed whatever the seed explores.
  it.each([
    ["GET", "/api/profiles/%00", 400, /NUL/],
    ["GET", "/api/courses?categoryId=9007199254740956", 400, /categoryId is too large/],
    ["GET", "/api/chapters/%zz", 400, /not valid/],
    ["GET", `/api/courses/${"a".repeat(200)}`, 414, /too long/],
  ] as const)("refuses %s %s with %i and a message", async (method, url, status, message) => {
    const res = await app.inject({ method, url, headers: user.headers, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(status);
    checkClientError(status, String(res.headers["content-type"]), res.body, res.body);
    expect(res.json().message).toMatch(message);
  });

  it("refuses NUL characters in bodies and changes nothing", async () => {
    const before = await snapshot();
    for (const [url, payload] of [
      ["/api/lessons/1/reflections/1/complete", { userResponse: "long enough \u0000 answer" }],
      ["/api/client-errors", { message: "boom", path: "/x\u0000" }],
      ["/api/users/contact", { name: "N", email: "a@b.test", subject: "S\u0000", message: "ten characters" }],
    ] as const) {
      const res = await app.inject({ method: "POST", url, headers: user.headers, payload, remoteAddress: nextIp() });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/NUL/);
    }
    const put = await app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: user.headers,
      payload: { skills: ["ok", "bad\u0000"] },
    });
    expect(put.statusCode, put.body).toBe(400);
    expect(put.json().message).toMatch(/^skills\.1: /);
    expect(await snapshot()).toEqual(before);
  });

  it("left the other user's public profile untouched", async () => {
    expect(await bystanderProfile()).toEqual(bystanderBefore);
  });
});

// ---------------------------------------------------------------- Better Auth bodies

/**
 * Better Auth's /api/auth/* is one hidden wildcard route, so it is not in the document. Its input
 * checks (auth/request-schemas.ts) are ours, though: fuzz the sign-up, sign-in, email-code and password
 * reset bodies against the JSON Schema of those zod rules. Left out: change-password/change-email
 * (would change the fuzzing user), sign-out/session routes (no body), the OAuth callbacks (need a provider).
 */
const AUTH_PATHS = [
  "/sign-up/email",
  "/sign-in/email",
  "/sign-in/email-otp",
  "/email-otp/verify-email",
  "/email-otp/send-verification-otp",
  "/request-password-reset",
  "/reset-password",
  "/sign-in/oauth2",
];

function authOperation(path: string): Operation {
  const zodSchema = path === "/sign-in/oauth2" ? oauthStartSchema : AUTH_ROUTE_RULES[path]?.body;
  if (!zodSchema) throw new Error(`no request rule for ${path}`);
  const { $schema: _, ...schema } = z.toJSONSchema(zodSchema, { io: "input", target: "draft-07" }) as JsonSchema;
  return {
    method: "post",
    path: `/api/auth${path}`,
    key: `POST /api/auth${path}`,
    params: [],
    body: schema,
    responses: {},
  };
}

describe("Better Auth request bodies", () => {
  for (const path of AUTH_PATHS) {
    const op = authOperation(path);
    it(
      op.key,
      async () => {
        // No account changes here: no session is sent; valid bodies are rarer (they reach password hashing).
        const hints = hintsFor(op);
        const valid = validArbitrary(op.body as JsonSchema, { hints, location: "body" });
        const bad = invalidArbitrary(op.body as JsonSchema, { location: "body" });
        const draft = fc.oneof(
          { arbitrary: valid.map((value): BodyDraft => ({ kind: "json", value })), weight: 1 },
          { arbitrary: bad.map((value): BodyDraft => ({ kind: "json", value })), weight: 3 },
          {
            arbitrary: fc.constantFrom(...RAW_BODIES).map((b): BodyDraft => ({ kind: "raw", ...b })),
            weight: 1,
          },
          { arbitrary: valid.map(withDeepUnknownField), weight: 1 },
        );
        const stats: Stats = {};
        await fc.assert(
          fc.asyncProperty(draft, async (body) => {
            const d: Draft = { intent: "invalid", path: {}, query: [], body, auth: "none", sharedIp: false };
            const { validity, why } = classify(op, d);
            const sent = toRequest(op, d, {});
            const res = await app.inject(sent);
            const context = describeRequest(sent, validity, why, res.statusCode, res.body);
            count(stats, `${validity} ${Math.floor(res.statusCode / 100)}xx`);
            expect(res.statusCode, `server error\n${context}`).toBeLessThan(500);
            if (validity === "invalid") {
              expect(res.statusCode >= 400 && res.statusCode < 500, `invalid body was not refused\n${context}`).toBe(
                true,
              );
            }
            if (res.statusCode >= 300) {
              checkClientError(res.statusCode, String(res.headers["content-type"] ?? ""), res.body, context);
            }
          }),
          { numRuns: NUM_RUNS, seed: SEED, endOnFailure: process.env.FUZZ_SHRINK !== "1" },
        );
        if (VERBOSE) console.log(op.key, stats);
        expect(stats["invalid 4xx"] ?? 0).toBeGreaterThan(0);
      },
      OP_TIMEOUT,
    );
  }
});
