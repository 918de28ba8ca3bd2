import { Button, Group } from "@mantine/core";
import type { LessonDetail } from "@neonlab/shared/schemas/learning";
import { IconFlag } from "@tabler/icons-react";
import { openReportDialog } from "../../reports/open-report-dialog.tsx";
import { useSession } from "../../../lib/session.tsx";

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
        onClick={() => void openReportDialog({ kind: "lesson", lessonId: lesson.id, lessonTitle: lesson.title })}
      >
        Report a problem with this lesson
      </Button>
    </Group>
  );
}
