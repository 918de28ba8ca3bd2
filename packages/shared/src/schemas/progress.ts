import { z } from "zod";
import { entityId as id, isoDate, isoDateTime } from "./common.ts";

// Request and response shapes of the progress API: the streak, activities, the XP/NeonBits/streak
// history and the rank.

export const STREAK_STATUSES = ["none", "done", "alive", "broken"] as const;
/** none = no streak; done = extended today; alive = extended yesterday; broken = a local day was missed. */
export type StreakStatus = (typeof STREAK_STATUSES)[number];

export const RANK_PERIODS = ["all", "week"] as const;
export type RankPeriod = (typeof RANK_PERIODS)[number];

export const ACTIVITY_KINDS = [
  "lesson_completed",
  "chapter_completed",
  "course_completed",
  "project_completed",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

// ---------------------------------------------------------------- streak

export const streakSchema = z.object({
  /** The current streak in days (0 when none or broken). */
  count: z.number().int(),
  status: z.enum(STREAK_STATUSES),
  /** Last local day the streak was kept (by a completion, a freeze or a save). */
  last_updated: isoDate.nullable(),
  /** Local days since last_updated: 0 done today, 1 alive, ≥ 2 broken. */
  days_since: z.number().int().nullable(),
  today: isoDate,
  time_zone: z.string(),
  freeze: z.object({
    on: z.boolean(),
    /** Local day the freeze was put on. */
    since: isoDate.nullable(),
    /** Freezes owned and not on the streak. */
    inventory: z.number().int(),
  }),
  /** Present while the streak is broken and can still be saved (missed at most 3 days). */
  save: z
    .object({
      count: z.number().int(),
      missed_days: z.number().int(),
      cost: z.number().int(),
      affordable: z.boolean(),
    })
    .nullable(),
  /** The broken streak's length when it can no longer be saved (else null). */
  lost_count: z.number().int().nullable(),
});
export type Streak = z.infer<typeof streakSchema>;

export const saveStreakQuerySchema = z.object({
  save: z.enum(["true", "false"], { error: "save must be true or false" }).transform((v) => v === "true"),
});

export const saveStreakResultSchema = streakSchema.extend({ neonbits_spent: z.number().int() });
export type SaveStreakResult = z.infer<typeof saveStreakResultSchema>;

// ---------------------------------------------------------------- activities

export const activitySchema = z.object({
  id,
  user_id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  title: z.string(),
  /** A site path to open, e.g. /courses/web-foundations/your-first-page, or null. */
  link: z.string().nullable(),
  created_at: isoDateTime,
});
export type Activity = z.infer<typeof activitySchema>;

export const activitiesQuerySchema = z.object({ userId: z.string().min(1).max(100).optional() });

// ---------------------------------------------------------------- rank

export const rankQuerySchema = z.object({
  period: z.enum(RANK_PERIODS, { error: "period must be all or week" }).default("all"),
});

export const rankEntrySchema = z.object({
  /** 1-based; users with equal XP share a position. */
  position: z.number().int(),
  user_id: z.string(),
  username: z.string(),
  display_name: z.string(),
  avatar: z.string().nullable(),
  xp: z.number().int(),
});
export type RankEntry = z.infer<typeof rankEntrySchema>;

export const rankSchema = z.object({
  period: z.enum(RANK_PERIODS),
  /** Start of the week (Monday 00:00 UTC) for period=week, else null. */
  since: isoDateTime.nullable(),
  /** Top 50 with XP above zero. */
  entries: z.array(rankEntrySchema),
  /** The caller's own row (also outside the top 50); null for anonymous callers. */
  me: rankEntrySchema.nullable(),
});
export type Rank = z.infer<typeof rankSchema>;
