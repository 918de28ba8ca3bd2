import type { LessonDetail, QuizResult } from "@neonlab/shared/schemas/learning";
import { type APIRequestContext, expect } from "@playwright/test";
import type { E2eUser } from "./session.ts";

/**
 * Completes a lesson through the API (`path`: its /api/courses/…/lessons/… address), finding each quiz's
 * answers by trying the options: progress, XP, a streak and history without the lesson page.
 */
export async function completeLesson(request: APIRequestContext, headers: E2eUser["headers"], path: string) {
  const lesson = (await (await request.get(path, { headers })).json()) as LessonDetail;
  for (const quiz of lesson.quizzes) {
    const correct: string[] = [];
    for (const option of quiz.options) {
      const response = await request.post(`/api/lessons/${lesson.id}/quizes/${quiz.id}/complete`, {
        headers,
        data: { responses: [option.id] },
      });
      const result = (await response.json()) as QuizResult;
      if (result.passed) break;
      if (result.explanations.some((e) => e.correct)) correct.push(option.id);
    }
    if (quiz.type === "multiple" && correct.length > 1) {
      await request.post(`/api/lessons/${lesson.id}/quizes/${quiz.id}/complete`, {
        headers,
        data: { responses: correct },
      });
    }
  }
  for (const reflection of lesson.reflections) {
    await request.post(`/api/lessons/${lesson.id}/reflections/${reflection.id}/complete`, {
      headers,
      data: { userResponse: "Because it keeps the page usable for everyone." },
    });
  }
  const done = await request.post(`/api/lessons/${lesson.id}/complete`, { headers });
  expect(done.ok(), await done.text()).toBe(true);
}
