import type { ReflectionResult } from "@neonlab/shared/schemas/learning";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type AnswerReflectionInput = { lessonId: number; reflectionId: number; userResponse: string };

export const answerReflection = ({ lessonId, reflectionId, userResponse }: AnswerReflectionInput) =>
  api<ReflectionResult>(`lessons/${lessonId}/reflections/${reflectionId}/complete`, {
    method: "POST",
    body: { userResponse },
  });

export const useAnswerReflection = () => useMutation({ mutationFn: answerReflection });
