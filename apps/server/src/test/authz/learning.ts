import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { completeFreeLesson, prepareFreeLesson } from "./context.ts";
import { allOwnedBy, EXPECT, jsonOf, listOf, me, mustBeMe, type RouteEntry } from "./types.ts";
import { completedLessons } from "../../modules/learning/schema.ts";

const { all, signedIn, premium } = EXPECT;

/** Authorization matrix rows of the learning module (test/authz-matrix.ts). */
export const LEARNING_ROUTES: RouteEntry[] = [
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

  {
    method: "POST",
    url: "/api/courses/:slug/vote",
    access: "user",
    cases: [
      {
        name: "rate the free course after completing its lesson",
        setup: async (ctx, actor) => {
          const user = me(ctx, actor);
          if (user) await completeFreeLesson(ctx, user);
        },
        request: (ctx) => ({ method: "POST", url: `/api/courses/${ctx.learning.courseId}/vote?stars=4` }),
        expect: signedIn(200),
        check: async (_ctx, _actor, res) => expect(jsonOf(res)).toMatchObject({ mine: 4 }),
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
];
