import type { LessonCompleteResult } from "@neonlab/shared/schemas/learning";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { writeOrQueue } from "../lib/offline-lesson.ts";

/**
 * Records the completion; 409 names what is still missing, 403 means the paywall applies. Offline it is
 * kept with the moment it was made and sent later (throws QueuedOffline); the server decides then.
 */
export const completeLesson = (lessonId: number) => {
  const path = `lessons/${lessonId}/complete`;
  return writeOrQueue(lessonId, "complete", null, path, undefined, () =>
    api<LessonCompleteResult>(path, { method: "POST" }),
  );
};

export const useCompleteLesson = () => useMutation({ mutationFn: completeLesson });
