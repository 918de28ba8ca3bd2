import { desc, eq } from "drizzle-orm";
import { RECENT_ACTIVITIES } from "@neonlab/shared/constants";
import type { Activity, ActivityKind } from "@neonlab/shared/schemas/progress";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { profileExists } from "../identity/service.ts";
import { userActivities } from "./schema.ts";

/** Notes what the user did (shown on their profile); inside the transaction of what happened. */
export async function recordActivity(
  tx: Db,
  activity: { userId: string; kind: ActivityKind; title: string; link: string | null },
) {
  await tx.insert(userActivities).values(activity);
}

/** A user's latest activities, newest first (public: shown on profiles). */
export async function listActivities(db: Db, userId: string): Promise<Activity[]> {
  if (!(await profileExists(db, userId))) throw notFound("No such user.");
  const rows = await db
    .select()
    .from(userActivities)
    .where(eq(userActivities.userId, userId))
    .orderBy(desc(userActivities.createdAt), desc(userActivities.id))
    .limit(RECENT_ACTIVITIES);
  return rows.map((r) => ({
    id: r.id,
    user_id: r.userId,
    kind: r.kind,
    title: r.title,
    link: r.link,
    created_at: r.createdAt.toISOString(),
  }));
}
