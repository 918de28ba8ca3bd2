import { resolve } from "node:path";
import { eq } from "drizzle-orm";
import { lessonDetailSchema, quizResultSchema } from "@neonlab/shared/schemas/learning";
import { describe, expect, it } from "vitest";
import { importContent } from "../../content/importer.ts";
import { loadContent } from "../../content/loader.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createUser } from "../../test/users.ts";
import { courses, lessons, quizzes } from "./schema.ts";
import { grantAccess } from "./test-helpers.ts";

// The bundled curriculum: a learner who always picks the first option shown must not pass by it.
const CONTENT_DIR = resolve(import.meta.dirname, "../../../../../content");

describe("quiz integrity on the bundled curriculum", async () => {
  const app = await createTestApp({ env: { CONTENT_DIR } });
  const { model, problems } = loadContent(CONTENT_DIR);
  expect(problems).toEqual([]);
  await importContent(app.ctx, model);
  const db = app.ctx.db;
  const courseRows = await db.select({ id: courses.id, slug: courses.slug }).from(courses);

  const lessonsOf = (courseId: number) =>
    db.select({ id: lessons.id, slug: lessons.slug }).from(lessons).where(eq(lessons.courseId, courseId));

  it.each(courseRows.map((c) => [c.slug, c.id] as const))(
    "always picking the first shown option passes at most 60 percent of the quizzes of %s",
    async (slug, courseId) => {
      const learner = await createUser(app);
      await grantAccess(db, learner.id);
      let total = 0;
      let passed = 0;
      for (const lesson of await lessonsOf(courseId)) {
        const res = await app.inject({
          method: "GET",
          url: `/api/courses/${slug}/lessons/${lesson.slug}`,
          headers: learner.headers,
        });
        expect(res.statusCode, res.body).toBe(200);
        for (const quiz of lessonDetailSchema.parse(res.json()).quizzes) {
          const answer = await app.inject({
            method: "POST",
            url: `/api/lessons/${lesson.id}/quizes/${quiz.id}/complete`,
            headers: learner.headers,
            payload: { responses: [quiz.options[0].id] },
          });
          expect(answer.statusCode, answer.body).toBe(200);
          total += 1;
          if (quizResultSchema.parse(answer.json()).correct) passed += 1;
        }
      }
      expect(total).toBeGreaterThan(10);
      expect(passed / total).toBeLessThanOrEqual(0.6);
    },
  );

  it("ticking every option of a multiple-choice quiz reveals no option's correctness", async () => {
    const learner = await createUser(app);
    await grantAccess(db, learner.id);
    const multiple = await db
      .select({ quizId: quizzes.id, lessonId: lessons.id, lessonSlug: lessons.slug, courseId: lessons.courseId })
      .from(quizzes)
      .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
      .where(eq(quizzes.type, "multiple"));
    expect(multiple.length).toBeGreaterThan(5);
    let wrongAnswers = 0;
    for (const row of multiple) {
      const slug = courseRows.find((c) => c.id === row.courseId)!.slug;
      const lesson = lessonDetailSchema.parse(
        (
          await app.inject({
            method: "GET",
            url: `/api/courses/${slug}/lessons/${row.lessonSlug}`,
            headers: learner.headers,
          })
        ).json(),
      );
      const quiz = lesson.quizzes.find((q) => q.id === row.quizId)!;
      const res = await app.inject({
        method: "POST",
        url: `/api/lessons/${row.lessonId}/quizes/${row.quizId}/complete`,
        headers: learner.headers,
        payload: { responses: quiz.options.map((o) => o.id) },
      });
      const result = quizResultSchema.parse(res.json());
      if (result.correct) continue;
      wrongAnswers += 1;
      expect(result).toMatchObject({ passed: false, explanation: "", explanations: [] });
      expect(result.message).toMatch(/^\d of the \d options you chose (is|are) wrong\.$/);
      // Nothing names an option: no id, no text.
      for (const option of quiz.options) {
        expect(res.body).not.toContain(option.id);
        expect(res.body).not.toContain(option.text);
      }
      // And the lesson still shows no correctness before a pass.
      const again = await app.inject({
        method: "GET",
        url: `/api/courses/${slug}/lessons/${row.lessonSlug}`,
        headers: learner.headers,
      });
      expect(lessonDetailSchema.parse(again.json()).quizzes.find((q) => q.id === row.quizId)?.review).toBeNull();
    }
    expect(wrongAnswers).toBe(multiple.length);
  });
});
