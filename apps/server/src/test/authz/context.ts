import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { App } from "../../app.ts";
import { setRoleCommand } from "../../cli/admin.ts";
import { storedOptionId } from "../../modules/learning/option-ids.ts";
import { chapterBadges, chapters, courses, quizzes, reflections } from "../../modules/learning/schema.ts";
import { lessonId } from "../../modules/learning/test-helpers.ts";
import { subscribe } from "../../modules/payments/test-helpers.ts";
import { profiles } from "../../modules/identity/profiles/schema.ts";
import { createUser } from "../users.ts";
import { type MatrixContext, type MatrixUser, SIGNED_IN, type SignedInActor } from "./types.ts";

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

/** Passes the quiz and answers the reflection of the free lesson as this user (setup for completion). */
export async function prepareFreeLesson(ctx: MatrixContext, user: MatrixUser) {
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

/** The free lesson prepared and completed by `user` (a learner of the free course). */
export async function completeFreeLesson(ctx: MatrixContext, user: MatrixUser) {
  await prepareFreeLesson(ctx, user);
  const url = `/api/lessons/${ctx.learning.lessonId}/complete`;
  const done = await ctx.app.inject({ method: "POST", url, headers: user.headers });
  expect(done.statusCode, done.body).toBe(200);
}

// ---------------------------------------------------------------- setup of the actors and content

/**
 * Six actors on the fixture curriculum: anonymous, users A and B, a paying user (an active Pro
 * subscription through the test provider, no staff role), a moderator and an admin (roles set with the
 * admin CLI's setRoleCommand). A has completed the free lesson (XP, streak, activity, a private
 * reflection answer); streak states are set per case.
 */
export async function createMatrixContext(app: App): Promise<MatrixContext> {
  const db = app.ctx.db;
  const names: Record<SignedInActor, string> = {
    userA: "Alice Owner",
    userB: "Bob Other",
    paying: "Pat Paying",
    moderator: "Mona Moderator",
    admin: "Adam Admin",
  };
  const created = await Promise.all(
    SIGNED_IN.map(async (actor) => {
      const user = await createUser(app, { displayName: names[actor] });
      // The paying actor subscribes to Pro through the built-in test provider's checkout page.
      if (actor === "paying") await subscribe(app, user.headers);
      if (actor === "moderator" || actor === "admin") {
        await setRoleCommand(
          { db, transaction: app.ctx.transaction, auth: await app.ctx.auth.ready() },
          { email: user.email, role: actor },
        );
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
      courseId: await courseIdOf(db, "neon-basics"),
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

  await completeFreeLesson(ctx, matrixUsers.userA);
  return ctx;
}

async function courseIdOf(db: App["ctx"]["db"], slug: string) {
  const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.slug, slug));
  if (!row) throw new Error(`fixture course ${slug} is missing`);
  return row.id;
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
  const correct = quiz.options.flatMap((o) => (o.correct ? [storedOptionId(quiz.key, o)] : []));
  return { id: row.id, quizId: quiz.id, correct, reflectionId: reflection.id };
}
