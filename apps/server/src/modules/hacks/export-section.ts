import { z } from "zod";
import { exportSection, iso, timestamp } from "../../export-section.ts";
import { hacksOf } from "./service.ts";

/** The user's hacks with every file, as saved. */
export const hacksExportSection = exportSection({
  key: "hacks",
  title: "Your hacks",
  schema: z.array(
    z.object({
      title: z.string(),
      slug: z.string(),
      listed: z.boolean(),
      files: z.array(z.object({ name: z.string(), content: z.string() })),
      createdAt: timestamp,
      updatedAt: timestamp,
    }),
  ),
  async collect(db, userId) {
    const rows = await hacksOf(db, userId);
    return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) }));
  },
});
