import { REPORT_CAUSES, REPORT_STATUS_LABELS, type ReportStatus } from "@neonlab/shared/schemas/report-constants";
import type { Report } from "@neonlab/shared/schemas/reports";

/** Badge colours of the statuses (outline badges: these pass contrast in both colour modes). */
export const STATUS_COLORS: Record<ReportStatus, string> = {
  open: "magenta",
  in_review: "cyan",
  resolved: "neon",
  dismissed: "gray",
};

/** The cause's label as the dialog showed it (the stored key when the list has changed since). */
export const causeLabel = (report: Pick<Report, "kind" | "cause">) =>
  (REPORT_CAUSES[report.kind] as Record<string, string>)[report.cause] ?? report.cause;

export const statusLabel = (status: ReportStatus) => REPORT_STATUS_LABELS[status];
