import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { exportSection, iso, timestamp } from "../../../export-section.ts";
import { clientErrors, contactMessages } from "./schema.ts";

/** Messages sent to the operator while signed in, and error reports the browser sent for this user. */
export const messagesExportSection = exportSection({
  key: "messages",
  title: "Contact messages and error reports",
  schema: z.object({
    contactMessages: z.array(
      z.object({ name: z.string(), email: z.string(), subject: z.string(), message: z.string(), at: timestamp }),
    ),
    errorReports: z.array(z.object({ message: z.string(), path: z.string().nullable(), at: timestamp })),
  }),
  async collect(db, userId) {
    const sent = await db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, userId))
      .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
    const reports = await db
      .select({ message: clientErrors.message, path: clientErrors.path, at: clientErrors.createdAt })
      .from(clientErrors)
      .where(eq(clientErrors.userId, userId))
      .orderBy(asc(clientErrors.createdAt), asc(clientErrors.id));
    return {
      contactMessages: sent.map((m) => ({
        name: m.name,
        email: m.email,
        subject: m.subject,
        message: m.message,
        at: iso(m.createdAt),
      })),
      errorReports: reports.map((r) => ({ message: r.message, path: r.path, at: iso(r.at) })),
    };
  },
});
