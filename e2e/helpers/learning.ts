import type { LessonDetail } from "@neonlab/shared/schemas/learning";
import { type APIRequestContext, expect } from "@playwright/test";
import { answerKey } from "./answer-key.ts";
import type { E2eUser } from "./session.ts";

/**
 * Completes a lesson through the API (`path`: its /api/courses/…/lessons/… address) with the answers from
 * the content files: progress, XP, a streak and history without the lesson page.
 */
export async function completeLesson(request: APIRequestContext, headers: E2eUser["headers"], path: string) {
  const lesson = (await (await request.get(path, { headers })).json()) as LessonDetail;
  const key = answerKey(lesson);
  for (const quiz of lesson.quizzes) {
    const response = await request.post(`/api/lessons/${lesson.id}/quizes/${quiz.id}/complete`, {
      headers,
      data: { responses: key.get(quiz.id) },
    });
    expect(response.ok(), await response.text()).toBe(true);
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
