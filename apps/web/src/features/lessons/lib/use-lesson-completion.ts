import type { LessonDetail } from "@neonlab/shared/schemas/learning";
import { useQueryClient } from "@tanstack/react-query";
import {
  openChapterBadgeDialog,
  openCourseCompleteDialog,
  openLessonCompleteDialog,
  openStreakDialog,
} from "../../../components/dialogs/open-dialogs.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { useSession } from "../../../lib/session.tsx";
import { useCompleteLesson } from "../api/complete-lesson.ts";
import { runCompletionDialogs } from "./completion-flow.ts";
import { QueuedOffline } from "./offline-lesson.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

const OPENERS = {
  lesson: openLessonCompleteDialog,
  streak: openStreakDialog,
  chapter: openChapterBadgeDialog,
  course: openCourseCompleteDialog,
};

/** Completes the lesson, opens the completion dialogs in order and refreshes everything they changed. */
export function useLessonCompletion(lesson: LessonDetail | undefined, courseSlug: string, lessonSlug: string) {
  const queryClient = useQueryClient();
  const { refreshProfile } = useSession();
  const mutation = useCompleteLesson();

  const complete = () => {
    if (!lesson) return;
    mutation.mutate(lesson.id, {
      onSuccess: async (result) => {
        queryClient.setQueryData<LessonDetail>(queryKeys.lessons.detail(courseSlug, lessonSlug), (old) =>
          old ? { ...old, completed: true } : old,
        );
        // Course progress, badges, the ledger and rank all moved; the header counters too.
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.courses.all() }),
          queryClient.invalidateQueries({ queryKey: queryKeys.progress.all() }),
          queryClient.invalidateQueries({ queryKey: queryKeys.ledger.all() }),
          queryClient.invalidateQueries({ queryKey: queryKeys.rank.all() }),
          queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all() }),
        ]);
        await runCompletionDialogs(result, OPENERS);
        await refreshProfile();
      },
      // Kept offline: the page says so (the completion is sent, and decided, once back online).
      onError: (error) => {
        if (!(error instanceof QueuedOffline)) toast.error(errorMessage(error));
      },
    });
  };

  return { complete, pending: mutation.isPending };
}
