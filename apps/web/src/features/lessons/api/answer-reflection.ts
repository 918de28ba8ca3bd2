import type { ReflectionResult } from "@neonlab/shared/schemas/learning";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { QueuedOffline, writeOrQueue } from "../lib/offline-lesson.ts";

export type AnswerReflectionInput = { lessonId: number; reflectionId: number; userResponse: string };

/** Saves a reflection; offline it is kept on the device and sent later, and counts as saved meanwhile. */
export const answerReflection = async ({
  lessonId,
  reflectionId,
  userResponse,
}: AnswerReflectionInput): Promise<ReflectionResult> => {
  const path = `lessons/${lessonId}/reflections/${reflectionId}/complete`;
  const body = { userResponse };
  try {
    return await writeOrQueue(lessonId, "reflection", reflectionId, path, body, () =>
      api<ReflectionResult>(path, { method: "POST", body }),
    );
  } catch (error) {
    if (!(error instanceof QueuedOffline)) throw error;
    return { reflection_id: reflectionId, user_response: userResponse, answered_at: error.action.at };
  }
};

export const useAnswerReflection = () => useMutation({ mutationFn: answerReflection });
