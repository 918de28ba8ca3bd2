import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { exportSection, iso, timestamp } from "../../../export-section.ts";
import { votes } from "./schema.ts";

/** The user's votes: stars 1–5 (courses, projects) or +1 / −1 (blogs). */
export const votesExportSection = exportSection({
  key: "votes",
  title: "Votes",
  schema: z.array(
    z.object({
      itemKind: z.string(),
      itemId: z.number().int(),
      value: z.number().int(),
      createdAt: timestamp,
      updatedAt: timestamp,
    }),
  ),
  async collect(db, userId) {
    const rows = await db
      .select()
      .from(votes)
      .where(eq(votes.userId, userId))
      .orderBy(asc(votes.createdAt), asc(votes.itemKind), asc(votes.itemId));
    return rows.map((v) => ({
      itemKind: v.itemKind,
      itemId: v.itemId,
      value: v.value,
      createdAt: iso(v.createdAt),
      updatedAt: iso(v.updatedAt),
    }));
  },
});
