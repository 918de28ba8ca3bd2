import type { QuizResult } from "@neonlab/shared/schemas/learning";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { writeOrQueue } from "../lib/offline-lesson.ts";

export type AnswerQuizInput = { lessonId: number; quizId: number; responses: string[] };

/**
 * Grades picked option ids on the server; a wrong answer can be retried. Offline the answer is kept to
 * be graded once sent (throws QueuedOffline).
 */
export const answerQuiz = ({ lessonId, quizId, responses }: AnswerQuizInput) => {
  const path = `lessons/${lessonId}/quizes/${quizId}/complete`;
  const body = { responses };
  return writeOrQueue(lessonId, "quiz", quizId, path, body, () => api<QuizResult>(path, { method: "POST", body }));
};

export const useAnswerQuiz = () => useMutation({ mutationFn: answerQuiz });
