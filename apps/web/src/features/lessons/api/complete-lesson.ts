import type { LessonCompleteResult } from "@neonlab/shared/schemas/learning";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** Records the completion; 409 names what is still missing, 403 means the paywall applies. */
export const completeLesson = (lessonId: number) =>
  api<LessonCompleteResult>(`lessons/${lessonId}/complete`, { method: "POST" });

export const useCompleteLesson = () => useMutation({ mutationFn: completeLesson });
