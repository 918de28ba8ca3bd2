import { ReportsQueue } from "../components/reports-queue.tsx";

/** /lessons/reports: problems reported on lessons, for moderators. */
export function LessonReportsPage() {
  return (
    <ReportsQueue
      kind="lesson"
      title="Lesson reports"
      intro="Mistakes, wrong quiz answers and broken links learners found in lessons. Resolving a report tells the reporter."
    />
  );
}
