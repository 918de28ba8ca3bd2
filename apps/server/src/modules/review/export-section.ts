import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { exportSection, iso, isoOrNull, timestamp } from "../../export-section.ts";
import { quizLinks } from "../learning/service.ts";
import { reviewCards } from "./schema.ts";

const STATES = ["new", "learning", "review", "relearning"] as const;

/** The user's review cards: which quiz, where it is, and its schedule. */
export const reviewExportSection = exportSection({
  key: "reviewCards",
  title: "Review cards of quizzes you missed",
  schema: z.array(
    z.object({
      quizId: z.number().int(),
      question: z.string().nullable(),
      lessonPath: z.string().nullable(),
      state: z.enum(STATES),
      due: timestamp,
      reps: z.number().int(),
      lapses: z.number().int(),
      lastReview: timestamp.nullable(),
      createdAt: timestamp,
    }),
  ),
  async collect(db, userId) {
    const rows = await db
      .select()
      .from(reviewCards)
      .where(eq(reviewCards.userId, userId))
      .orderBy(asc(reviewCards.createdAt), asc(reviewCards.id));
    const links = await quizLinks(db, [...new Set(rows.map((r) => r.quizId))]);
    return rows.map((r) => ({
      quizId: r.quizId,
      question: links.get(r.quizId)?.question ?? null,
      lessonPath: links.get(r.quizId)?.path ?? null,
      state: STATES[r.state] ?? "new",
      due: iso(r.due),
      reps: r.reps,
      lapses: r.lapses,
      lastReview: isoOrNull(r.lastReview),
      createdAt: iso(r.createdAt),
    }));
  },
});
