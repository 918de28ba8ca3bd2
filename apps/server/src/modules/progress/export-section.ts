import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { exportSection, iso, isoOrNull, timestamp } from "../../export-section.ts";
import { learnerPresence, streaks, userActivities, xpBoosts, xpWeekly } from "./schema.ts";

/**
 * The streak's state (its history is in the ledger section), the activity feed, XP per week, the shop's XP boost
 * and when the learner was last seen signed in (and last seen before that visit: the offline streak rule's limit).
 */
export const progressExportSection = exportSection({
  key: "progress",
  title: "Streak, activities and weekly XP",
  schema: z.object({
    streak: z
      .object({
        count: z.number().int(),
        lastUpdated: z.string().nullable(),
        freezeOn: z.boolean(),
        frozenAt: z.string().nullable(),
        dayZone: z.string().nullable(),
      })
      .nullable(),
    activities: z.array(z.object({ kind: z.string(), title: z.string(), link: z.string().nullable(), at: timestamp })),
    weeklyXp: z.array(z.object({ weekStart: z.string(), xp: z.number().int() })),
    xpBoost: z.object({ endsAt: timestamp }).nullable(),
    presence: z.object({ seenAt: timestamp, seenBeforeVisit: timestamp.nullable() }).nullable(),
  }),
  async collect(db, userId) {
    const [streak] = await db
      .select({
        count: streaks.count,
        lastUpdated: streaks.lastUpdated,
        freezeOn: streaks.freezeOn,
        frozenAt: streaks.frozenAt,
        dayZone: streaks.dayZone,
      })
      .from(streaks)
      .where(eq(streaks.userId, userId));
    const activities = await db
      .select()
      .from(userActivities)
      .where(eq(userActivities.userId, userId))
      .orderBy(asc(userActivities.createdAt), asc(userActivities.id));
    const weeks = await db
      .select({ weekStart: xpWeekly.weekStart, xp: xpWeekly.xp })
      .from(xpWeekly)
      .where(eq(xpWeekly.userId, userId))
      .orderBy(asc(xpWeekly.weekStart));
    const [boost] = await db.select({ endsAt: xpBoosts.endsAt }).from(xpBoosts).where(eq(xpBoosts.userId, userId));
    const [presence] = await db.select().from(learnerPresence).where(eq(learnerPresence.userId, userId));
    return {
      streak: streak ?? null,
      activities: activities.map((a) => ({ kind: a.kind, title: a.title, link: a.link, at: iso(a.createdAt) })),
      weeklyXp: weeks,
      xpBoost: boost ? { endsAt: iso(boost.endsAt) } : null,
      presence: presence
        ? { seenAt: iso(presence.seenAt), seenBeforeVisit: isoOrNull(presence.seenBeforeVisit) }
        : null,
    };
  },
});
