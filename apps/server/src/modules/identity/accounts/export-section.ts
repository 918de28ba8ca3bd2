import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { exportSection, iso, timestamp } from "../../../export-section.ts";
import { accounts, sessions, users } from "./schema.ts";

/** The account (Better Auth's users row) and how one signs in to it: never a password hash or a token. */
export const accountExportSection = exportSection({
  key: "account",
  title: "Account",
  schema: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
    signInMethods: z.array(z.object({ provider: z.string(), createdAt: timestamp })),
  }),
  async collect(db, userId) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new Error("no such user");
    const methods = await db
      .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, userId))
      .orderBy(asc(accounts.createdAt));
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
      signInMethods: methods.map((m) => ({ provider: m.provider, createdAt: iso(m.createdAt) })),
    };
  },
});

/** Signed-in sessions: when and from where, never the session token. */
export const sessionsExportSection = exportSection({
  key: "sessions",
  title: "Sessions",
  schema: z.array(
    z.object({
      createdAt: timestamp,
      lastActiveAt: timestamp,
      expiresAt: timestamp,
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  async collect(db, userId) {
    const rows = await db
      .select({
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt));
    return rows.map((s) => ({
      createdAt: iso(s.createdAt),
      lastActiveAt: iso(s.updatedAt),
      expiresAt: iso(s.expiresAt),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    }));
  },
});
