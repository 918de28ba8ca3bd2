import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { exportSection, iso, timestamp } from "../../export-section.ts";
import { lessonLinks } from "../learning/service.ts";
import { reports } from "./schema.ts";

/** The problems the user reported, with their state; a lesson report names its lesson and its page. */
export const reportsExportSection = exportSection({
  key: "reports",
  title: "Reports you sent",
  schema: z.array(
    z.object({
      kind: z.string(),
      cause: z.string(),
      description: z.string(),
      status: z.string(),
      lesson: z.object({ id: z.number().int(), title: z.string().nullable(), path: z.string().nullable() }).nullable(),
      createdAt: timestamp,
      updatedAt: timestamp,
    }),
  ),
  async collect(db, userId) {
    const rows = await db
      .select()
      .from(reports)
      .where(eq(reports.reporterId, userId))
      .orderBy(asc(reports.createdAt), asc(reports.id));
    const links = await lessonLinks(db, [...new Set(rows.flatMap((r) => (r.lessonId === null ? [] : [r.lessonId])))]);
    return rows.map((r) => {
      const link = r.lessonId === null ? undefined : links.get(r.lessonId);
      return {
        kind: r.kind,
        cause: r.cause,
        description: r.description,
        status: r.status,
        lesson: r.lessonId === null ? null : { id: r.lessonId, title: link?.title ?? null, path: link?.path ?? null },
        createdAt: iso(r.createdAt),
        updatedAt: iso(r.updatedAt),
      };
    });
  },
});
