import { and, desc, eq, lt, sql } from "drizzle-orm";
import {
  REPORTS_PAGE_SIZE,
  type Report,
  type ReportInput,
  type ReportKind,
  type ReportPage,
  type ReportStatus,
} from "@neonlab/shared/schemas/reports";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { assertCleanText } from "../../lib/text-moderation.ts";
import type { RunInTransaction } from "../../transaction.ts";
import { lessonLinks, visibleLessonLink } from "../learning/service.ts";
import { profileRows } from "../identity/service.ts";
import { reports } from "./schema.ts";

type ReportRow = typeof reports.$inferSelect & { username: string | null; displayName: string | null };

/** Report rows as answered: the lesson's title and path, the reporter only when `showReporter`. */
async function present(db: Db, rows: ReportRow[], showReporter: boolean): Promise<Report[]> {
  const lessons = await lessonLinks(
    db,
    rows.flatMap((r) => (r.lessonId === null ? [] : [r.lessonId])),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    cause: r.cause,
    description: r.description,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    lesson: r.lessonId === null ? null : (lessons.get(r.lessonId) ?? null),
    reporter:
      showReporter && r.username !== null && r.displayName !== null
        ? { username: r.username, display_name: r.displayName }
        : null,
  }));
}

const withReporter = (db: Db) => {
  const { card, table } = profileRows;
  return db
    .select({ report: reports, username: card.username, displayName: card.displayName })
    .from(reports)
    .leftJoin(table, eq(card.userId, reports.reporterId));
};

const flatten = (
  rows: { report: typeof reports.$inferSelect; username: string | null; displayName: string | null }[],
) => rows.map((r) => ({ ...r.report, username: r.username, displayName: r.displayName }));

/** A report of the app (POST users/reports). */
export async function reportApp(db: Db, reporterId: string, input: ReportInput): Promise<Report> {
  assertCleanText({ Description: input.description });
  const [row] = await db
    .insert(reports)
    .values({ reporterId, kind: "app", ...input })
    .returning();
  return (await present(db, [{ ...row!, username: null, displayName: null }], false))[0]!;
}

/** A report of a visible lesson (POST lessons/{id}/reports); 404 for an unknown lesson. */
export async function reportLesson(db: Db, reporterId: string, lessonId: number, input: ReportInput): Promise<Report> {
  assertCleanText({ Description: input.description });
  await visibleLessonLink(db, lessonId);
  const [row] = await db
    .insert(reports)
    .values({ reporterId, kind: "lesson", lessonId, ...input })
    .returning();
  return (await present(db, [{ ...row!, username: null, displayName: null }], false))[0]!;
}

/** A moderator queue: one kind, optionally one status, newest first, a page at a time. */
export async function listQueue(
  db: Db,
  kind: ReportKind,
  query: { status?: ReportStatus; before?: number },
): Promise<ReportPage> {
  const rows = await withReporter(db)
    .where(
      and(
        eq(reports.kind, kind),
        query.status ? eq(reports.status, query.status) : undefined,
        query.before ? lt(reports.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(reports.id))
    .limit(REPORTS_PAGE_SIZE + 1);
  const page = rows.slice(0, REPORTS_PAGE_SIZE);
  return {
    items: await present(db, flatten(page), true),
    next: rows.length > REPORTS_PAGE_SIZE ? page[page.length - 1]!.report.id : null,
  };
}

/** The caller's own reports, newest first (both kinds). */
export async function listOwn(db: Db, reporterId: string): Promise<Report[]> {
  const rows = await db
    .select()
    .from(reports)
    .where(eq(reports.reporterId, reporterId))
    .orderBy(desc(reports.id))
    .limit(50);
  return present(
    db,
    rows.map((r) => ({ ...r, username: null, displayName: null })),
    false,
  );
}

/** The start of a report's text, to say which report a notification is about. */
const EXCERPT_LENGTH = 60;
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= EXCERPT_LENGTH ? flat : `${flat.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

/**
 * A moderator sets a report's status (any status to any other; the same again changes nothing). Moving it
 * to resolved announces report.resolved once per move, with the change.
 */
export async function setStatus(
  transaction: RunInTransaction,
  kind: ReportKind,
  id: number,
  status: ReportStatus,
): Promise<Report> {
  return transaction(async ({ db: tx, publish }) => {
    // One statement: the old status from a CTE that locks the row, the update only when it differs.
    const result = await tx.execute(sql`
      with before as (
        select ${reports.id} as id, ${reports.status} as status, ${reports.reporterId} as reporter_id
        from ${reports} where ${reports.id} = ${id} and ${reports.kind} = ${kind} for update
      ), changed as (
        update ${reports} set status = ${status}, updated_at = now()
        from before where ${reports.id} = before.id and before.status <> ${status}
        returning ${reports.id}
      )
      select exists (select 1 from changed) as changed, before.reporter_id from before`);
    const [outcome] = (result as unknown as { rows: { changed: boolean; reporter_id: string | null }[] }).rows;
    if (!outcome) throw notFound(`No ${kind} report with id ${id}.`);
    const [row] = await withReporter(tx).where(eq(reports.id, id));
    const report = (await present(tx, flatten([row!]), true))[0]!;
    if (outcome.changed && status === "resolved" && outcome.reporter_id) {
      await publish("report.resolved", {
        reportId: id,
        reporterId: outcome.reporter_id,
        kind,
        cause: report.cause,
        excerpt: excerpt(report.description),
        lesson: report.lesson ? { title: report.lesson.title, path: report.lesson.path } : null,
      });
    }
    return report;
  });
}
