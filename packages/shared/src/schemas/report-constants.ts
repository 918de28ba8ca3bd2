// The reports' statuses, kinds, causes and limits, apart from their zod schemas (./reports.ts, which
// re-exports them): the help page lists a user's reports with these, and zod stays off its first load.

export const REPORT_STATUSES = ["open", "in_review", "resolved", "dismissed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  open: "Open",
  in_review: "In review",
  resolved: "Resolved",
  dismissed: "Dismissed",
};

export const REPORT_KINDS = ["app", "lesson"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** What a report is about, per kind, with the label the dialog shows. */
export const REPORT_CAUSES = {
  app: {
    bug: "Something is broken",
    account: "My account or sign-in",
    payment: "Payments",
    abuse: "Abuse or spam",
    idea: "An idea",
    other: "Something else",
  },
  lesson: {
    mistake: "A mistake in the lesson",
    quiz: "A quiz answer looks wrong",
    unclear: "Hard to follow",
    broken: "A broken link or image",
    other: "Something else",
  },
} as const satisfies Record<ReportKind, Record<string, string>>;

export const REPORT_DESCRIPTION_MIN = 10;
export const REPORT_DESCRIPTION_MAX = 2000;
/** Reports one user may send per hour (both kinds together). */
export const REPORTS_PER_HOUR = 10;
export const REPORTS_PAGE_SIZE = 20;
