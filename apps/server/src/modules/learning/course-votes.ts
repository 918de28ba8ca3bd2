import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { starRatingSchema, starsQuerySchema } from "@neonlab/shared/schemas/votes";
import { requireUser } from "../../session-guards.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { forbidden, notFound } from "../../errors.ts";
import { castStars } from "./votes/service.ts";
import { idParam } from "../../lib/id-param.ts";
import { courses } from "./schema.ts";

const courseKey = z.union([
  idParam("id"),
  z
    .string()
    .regex(/^[a-z0-9-]+$/, "Give the course's id or slug.")
    .max(120),
]);

/**
 * Stars on a course from a learner who has completed at least one of its lessons (docs/product-rules-notes.md:
 * a rating comes from someone who took the course); changeable, one per learner.
 */
export async function rateCourse(db: Db, userId: string, course: number | string, stars: number) {
  const [row] = await db
    .select({
      // Tables named: Drizzle renders select-list columns bare.
      started: sql<boolean>`exists (select 1 from completed_lessons cl join lessons le on le.id = cl.lesson_id
        where cl.user_id = ${userId} and le.course_id = courses.id)`.mapWith(Boolean),
      id: courses.id,
    })
    .from(courses)
    .where(
      and(typeof course === "number" ? eq(courses.id, course) : eq(courses.slug, course), eq(courses.hidden, false)),
    );
  if (!row) throw notFound("Course not found.");
  if (!row.started) throw forbidden("Complete a lesson of this course before rating it.");
  return castStars(db, { userId, kind: "course", itemId: row.id, stars });
}

export function registerCourseVoteRoutes(app: FastifyInstance, { db }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/courses/:slug/vote",
    {
      schema: {
        tags: ["learning"],
        summary: "Rate a course from 1 to 5 stars (changeable; after completing one of its lessons)",
        // Named as the course route's parameter is (the router wants one name per position); the spec's
        // call sends the course's id, the slug works too.
        params: z.object({ slug: courseKey }),
        querystring: starsQuerySchema,
        response: { 200: starRatingSchema },
      },
    },
    async (request) => rateCourse(db, requireUser(request).id, request.params.slug, request.query.stars),
  );
}
