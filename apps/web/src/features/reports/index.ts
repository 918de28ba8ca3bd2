// What other features use of reports: the report dialog's opener and the caller's own reports.
export { YourReports } from "./components/your-reports.tsx";
export { openReportDialog } from "./open-report-dialog.tsx";
