import type { QuizResult } from "@neonlab/shared/schemas/learning";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type AnswerQuizInput = { lessonId: number; quizId: number; responses: string[] };

/** Grades picked option ids on the server; a wrong answer can be retried. */
export const answerQuiz = ({ lessonId, quizId, responses }: AnswerQuizInput) =>
  api<QuizResult>(`lessons/${lessonId}/quizes/${quizId}/complete`, { method: "POST", body: { responses } });

export const useAnswerQuiz = () => useMutation({ mutationFn: answerQuiz });
