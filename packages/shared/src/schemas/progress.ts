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

// ---------------------------------------------------------------- activities and history

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

export const HISTORY_KINDS = ["xp", "neonbits", "streak"] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const historyEntrySchema = z.object({
  /** Unique across kinds, e.g. "xp-12". */
  id: z.string(),
  kind: z.enum(HISTORY_KINDS),
  date: isoDateTime,
  /** Machine reason, e.g. lesson_completed, chapter_completed, streak_saved, freeze_used. */
  reason: z.string(),
  /** Human sentence, e.g. "Completed lesson: Your First Page". */
  description: z.string(),
  /** XP or NeonBits gained (negative when spent); for streak entries the change in days. */
  amount: z.number().int(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** A history page cursor: "<microseconds since 1970>-<kind>-<id>" of the last entry of the previous page. */
export const HISTORY_CURSOR = /^(\d{1,16})-(xp|neonbits|streak)-(\d{1,10})$/;
const historyCursor = z
  .string()
  .regex(HISTORY_CURSOR, "before must be the next value of a previous history page")
  .refine((value) => Number(HISTORY_CURSOR.exec(value)?.[3]) <= 2_147_483_647, {
    message: "before must be the next value of a previous history page",
  });

export const historyQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, "limit must be at least 1").max(200, "limit must be at most 200").default(50),
  /** Keyset pagination: the entries after this cursor (a previous page's `next`). */
  before: historyCursor.optional(),
});
export const historySchema = z.object({
  entries: z.array(historyEntrySchema),
  /** Cursor for the next (older) page as `before`, or null when this page is the last. */
  next: z.string().nullable(),
});
export type History = z.infer<typeof historySchema>;

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
