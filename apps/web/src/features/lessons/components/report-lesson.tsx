import { Button, Group } from "@mantine/core";
import { MESSAGES } from "@neonlab/shared/messages";
import type { LessonDetail } from "@neonlab/shared/schemas/learning";
import { IconFlag } from "@tabler/icons-react";
import { reportClientError } from "../../../lib/client-errors.ts";
import { useSession } from "../../../lib/session.tsx";
import { toast } from "../../../lib/toasts.ts";

/** The reports feature loads on the click: its lists and labels stay out of the lesson page's code. */
async function reportLesson(lesson: Pick<LessonDetail, "id" | "title">) {
  try {
    const { openReportDialog } = await import("../../reports/index.ts");
    await openReportDialog({ kind: "lesson", lessonId: lesson.id, lessonTitle: lesson.title });
  } catch (error) {
    reportClientError(error);
    toast.error(MESSAGES.genericError);
  }
}

/** Under a lesson, for a signed-in learner: a quiet way to tell the moderators about a mistake in it. */
export function ReportLesson({ lesson }: { lesson: Pick<LessonDetail, "id" | "title"> }) {
  const { status } = useSession();
  if (status !== "signed-in") return null;
  return (
    <Group justify="center" mt="md">
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<IconFlag size={14} />}
        onClick={() => void reportLesson(lesson)}
      >
        Report a problem with this lesson
      </Button>
    </Group>
  );
}
