import { ReportsQueue } from "../components/reports-queue.tsx";

/** /app/reports: problems with the app reported by users, for moderators. */
export function AppReportsPage() {
  return (
    <ReportsQueue
      kind="app"
      title="App reports"
      intro="Problems with NeonLab sent by learners. Put a report in review while you look at it; resolving it tells the reporter."
    />
  );
}
