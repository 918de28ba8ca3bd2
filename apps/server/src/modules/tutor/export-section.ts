import { asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { exportSection, iso, timestamp } from "../../export-section.ts";
import { lessonLinks } from "../learning/service.ts";
import { tutorMessages, tutorThreads, tutorUsage } from "./schema.ts";

/** The user's conversations with lesson tutors, every message, and the questions counted per day. */
export const tutorExportSection = exportSection({
  key: "tutor",
  title: "Conversations with the AI tutor",
  schema: z.object({
    threads: z.array(
      z.object({
        title: z.string(),
        lesson: z.object({ id: z.number().int(), title: z.string().nullable(), path: z.string().nullable() }),
        createdAt: timestamp,
        updatedAt: timestamp,
        messages: z.array(
          z.object({ role: z.string(), assistant: z.string().nullable(), content: z.string(), createdAt: timestamp }),
        ),
      }),
    ),
    questionsPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  }),
  async collect(db, userId) {
    const threads = await db
      .select()
      .from(tutorThreads)
      .where(eq(tutorThreads.userId, userId))
      .orderBy(asc(tutorThreads.createdAt), asc(tutorThreads.id));
    const messages =
      threads.length === 0
        ? []
        : await db
            .select()
            .from(tutorMessages)
            .where(
              inArray(
                tutorMessages.threadId,
                threads.map((t) => t.id),
              ),
            )
            .orderBy(asc(tutorMessages.id));
    const links = await lessonLinks(db, [...new Set(threads.map((t) => t.lessonId))]);
    const usage = await db
      .select({ day: tutorUsage.day, count: tutorUsage.count })
      .from(tutorUsage)
      .where(eq(tutorUsage.userId, userId))
      .orderBy(asc(tutorUsage.day));
    return {
      threads: threads.map((t) => ({
        title: t.title,
        lesson: {
          id: t.lessonId,
          title: links.get(t.lessonId)?.title ?? null,
          path: links.get(t.lessonId)?.path ?? null,
        },
        createdAt: iso(t.createdAt),
        updatedAt: iso(t.updatedAt),
        messages: messages
          .filter((m) => m.threadId === t.id)
          .map((m) => ({
            role: m.role,
            assistant: m.assistant ?? null,
            content: m.content,
            createdAt: iso(m.createdAt),
          })),
      })),
      questionsPerDay: usage,
    };
  },
});
