import { z } from "zod";
import { entityId as id, isoDateTime, noControlCharacters } from "./common.ts";
import {
  REPORT_STATUSES,
  REPORT_KINDS,
  type ReportKind,
  REPORT_CAUSES,
  REPORT_DESCRIPTION_MIN,
  REPORT_DESCRIPTION_MAX,
} from "./report-constants.ts";

// Reports (product rules "Community"): a problem with the app or a lesson, sent by a signed-in user;
// moderators move it through its statuses and the reporter is told when it is resolved.

export * from "./report-constants.ts";

const description = z
  .string({ error: "Describe the problem." })
  .trim()
  .check(noControlCharacters("The description", { multiline: true }))
  .min(REPORT_DESCRIPTION_MIN, { error: `Describe the problem in at least ${REPORT_DESCRIPTION_MIN} characters.` })
  .max(REPORT_DESCRIPTION_MAX, { error: `Keep the description under ${REPORT_DESCRIPTION_MAX} characters.` });

const causeOf = <K extends ReportKind>(kind: K) =>
  z.enum(Object.keys(REPORT_CAUSES[kind]) as [keyof (typeof REPORT_CAUSES)[K] & string], {
    error: `Choose what the problem is about: ${Object.keys(REPORT_CAUSES[kind]).join(", ")}.`,
  });

/** POST users/reports {cause, description} */
export const appReportInputSchema = z.object({ cause: causeOf("app"), description });
/** POST lessons/{id}/reports {cause, description} */
export const lessonReportInputSchema = z.object({ cause: causeOf("lesson"), description });
export type ReportInput = { cause: string; description: string };

/** PATCH …/reports/{id}/status?status= */
export const reportStatusQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: `status must be one of: ${REPORT_STATUSES.join(", ")}.` }),
});

/** A moderator queue's filter and page: newest first; `before` is the last report id of the previous page. */
export const reportQueueQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: `status must be one of: ${REPORT_STATUSES.join(", ")}.` }).optional(),
  before: z.coerce.number({ error: "before must be a report id" }).int().positive().max(2_147_483_647).optional(),
});

export const reportSchema = z.object({
  id,
  kind: z.enum(REPORT_KINDS),
  cause: z.string(),
  description: z.string(),
  status: z.enum(REPORT_STATUSES),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  /** The lesson a lesson report is about (null for app reports, or when the lesson is gone). */
  lesson: z.object({ id, title: z.string(), path: z.string() }).nullable(),
  /** Who sent it (moderators' queues only; null when the account was deleted, and in the reporter's own list). */
  reporter: z.object({ username: z.string(), display_name: z.string() }).nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportPageSchema = z.object({ items: z.array(reportSchema), next: z.number().int().nullable() });
export type ReportPage = z.infer<typeof reportPageSchema>;
