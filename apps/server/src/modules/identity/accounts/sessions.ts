import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { preparedPerDb } from "../../../lib/prepared.ts";
import { profiles } from "../profiles/schema.ts";
import { sessions, users } from "./schema.ts";

const sessionQuery = preparedPerDb((db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      email: users.email,
      name: users.name,
      profileId: profiles.id,
      role: profiles.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .limit(1)
    .prepare("session_by_token"),
);

/**
 * The session with this (unsigned) token, its account and the account's role: one prepared statement, the
 * bearer fast path's (auth/session-resolver.ts). `hasProfile` is false while sign-up has not made the profile yet.
 */
export async function findSessionByToken(db: Db, token: string) {
  const [row] = await sessionQuery(db).execute({ token });
  if (!row) return null;
  const { profileId, role, ...session } = row;
  return { ...session, hasProfile: profileId !== null, role: role ?? "user" };
}
