import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  chapterBadgeSchema,
  chapterSchema,
  completedChapterSchema,
  completedCourseSchema,
  completedLessonSchema,
  courseCategorySchema,
  courseDetailSchema,
  courseSchema,
  coursesQuerySchema,
  lessonCompleteResultSchema,
  lessonCompleteSchema,
  lessonDetailSchema,
  publicCoursesQuerySchema,
  quizAnswerSchema,
  quizResultSchema,
  reflectionAnswerSchema,
  reflectionResultSchema,
} from "@neonlab/shared/schemas/learning";
import { requireUser } from "../../session-guards.ts";
import type { ModuleOptions } from "../../lib/plugin-scope.ts";
import { getBadge, getChapter, getCourse, listCategories, listCourses, listPublicCourses } from "./catalog-service.ts";
import { offlineStreakInstant } from "../progress/service.ts";
import { completeLesson } from "./completion-service.ts";
import { listCompletedChapters, listCompletedCourses, listCompletedLessons } from "./completed-service.ts";
import { answerQuiz, answerReflection, getLesson } from "./lessons-service.ts";
import { createQuizOrder } from "./quiz-order.ts";
import { idParam } from "../../lib/id-param.ts";
import { registerContentAssetRoutes } from "./routes-assets.ts";
import { registerCourseVoteRoutes } from "./course-votes.ts";

const slugParam = z.string().min(1).max(120);

/** Courses, lessons, completions and content images. */
export async function learningRoutes(app: FastifyInstance, { ctx }: ModuleOptions) {
  const { db } = ctx;
  const quizOrder = createQuizOrder(ctx.config.authSecret);
  const r = app.withTypeProvider<ZodTypeProvider>();

  const tags = ["learning"];
  r.get(
    "/api/course-categories",
    {
      config: { auth: "public" },
      schema: { tags, summary: "All course categories", response: { 200: z.array(courseCategorySchema) } },
    },
    async () => listCategories(db),
  );

  r.get(
    "/api/courses",
    {
      config: { auth: "optional" },
      schema: {
        tags,
        summary: "Courses (of one category) ordered by id, with the caller's progress",
        querystring: coursesQuerySchema,
        response: { 200: z.array(courseSchema) },
      },
    },
    async (request) => listCourses(db, request.query.categoryId, request.user?.id ?? null),
  );

  r.get(
    "/api/courses/public",
    {
      config: { auth: "optional" },
      schema: {
        tags,
        summary: "Public (non-premium) courses, newest first",
        querystring: publicCoursesQuerySchema,
        response: { 200: z.array(courseSchema) },
      },
    },
    async (request) => listPublicCourses(db, request.query.limit, request.user?.id ?? null),
  );

  r.get(
    "/api/courses/:slug",
    {
      config: { auth: "optional" },
      schema: {
        tags,
        summary: "One course with its chapters, lessons and the caller's progress",
        params: z.object({ slug: slugParam }),
        response: { 200: courseDetailSchema },
      },
    },
    async (request) => getCourse(db, request.params.slug, request.user?.id ?? null),
  );

  r.get(
    "/api/courses/:slug/lessons/:lessonSlug",
    {
      // 403: a premium lesson without access (access.ts); documented in the OpenAPI document.
      config: { auth: "optional", errors: [403] },
      schema: {
        tags,
        summary: "A lesson with quizzes (no answers), reflections, neighbours and the caller's progress",
        params: z.object({ slug: slugParam, lessonSlug: slugParam }),
        response: { 200: lessonDetailSchema },
      },
    },
    async (request) =>
      getLesson(db, quizOrder, request.params.slug, request.params.lessonSlug, request.user?.id ?? null),
  );

  r.get(
    "/api/chapters/:id",
    {
      config: { auth: "public" },
      schema: { tags, summary: "A chapter", params: z.object({ id: idParam("id") }), response: { 200: chapterSchema } },
    },
    async (request) => getChapter(db, request.params.id),
  );

  r.get(
    "/api/chapter-badges/:id",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "A chapter badge",
        params: z.object({ id: idParam("id") }),
        response: { 200: chapterBadgeSchema },
      },
    },
    async (request) => getBadge(db, request.params.id),
  );

  r.post(
    "/api/lessons/:id/quizes/:quizId/complete",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Answer a quiz (graded on the server, retries allowed)",
        params: z.object({ id: idParam("id"), quizId: idParam("quizId") }),
        body: quizAnswerSchema,
        response: { 200: quizResultSchema },
      },
    },
    async (request) =>
      answerQuiz(
        ctx,
        quizOrder,
        requireUser(request).id,
        request.params.id,
        request.params.quizId,
        request.body.responses,
      ),
  );

  r.post(
    "/api/lessons/:id/reflections/:reflectionId/complete",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Answer a reflection (at least 10 characters)",
        params: z.object({ id: idParam("id"), reflectionId: idParam("reflectionId") }),
        body: reflectionAnswerSchema,
        response: { 200: reflectionResultSchema },
      },
    },
    async (request) =>
      answerReflection(
        db,
        requireUser(request).id,
        request.params.id,
        request.params.reflectionId,
        request.body.userResponse,
      ),
  );

  r.post(
    "/api/lessons/:id/complete",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Complete a lesson: XP, streak, chapter badge, course completion and NeonBits, each once",
        params: z.object({ id: idParam("id") }),
        // No body at all (null) is the usual call: a completion made online.
        body: lessonCompleteSchema.nullish(),
        response: { 200: lessonCompleteResultSchema },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const at = await offlineStreakInstant(db, userId, request.body?.completedAt);
      return completeLesson(ctx, userId, request.params.id, at);
    },
  );

  // The caller's completion rows: learning's own tables, listed under users/* with the progress pages' tag.
  const progressTags = ["progress"];
  r.get(
    "/api/users/completed-lessons",
    {
      schema: {
        tags: progressTags,
        summary: "Own completed lessons",
        response: { 200: z.array(completedLessonSchema) },
      },
    },
    async (request) => listCompletedLessons(db, requireUser(request).id),
  );
  r.get(
    "/api/users/completed-chapters",
    {
      schema: {
        tags: progressTags,
        summary: "Own completed chapters (badges)",
        response: { 200: z.array(completedChapterSchema) },
      },
    },
    async (request) => listCompletedChapters(db, requireUser(request).id),
  );
  r.get(
    "/api/users/completed-courses",
    {
      schema: {
        tags: progressTags,
        summary: "Own completed courses",
        response: { 200: z.array(completedCourseSchema) },
      },
    },
    async (request) => listCompletedCourses(db, requireUser(request).id),
  );

  registerContentAssetRoutes(app, ctx);
  registerCourseVoteRoutes(app, ctx);
}
