import { addDays, dayNumber, type LocalDay, localDay, type StreakState } from "./streak.ts";

/**
 * Streaks across time-zone changes (docs/decisions/012-streaks-across-time-zones.md).
 *
 * The streak's dates are local days of the zone stored with them (`dayZone`). The streak's kept
 * day is a real stretch of time: from that day's first instant in that zone until its end. When the
 * user's zone setting differs, the dates are carried over by real time:
 * - last kept day → the day of the setting's zone that holds the kept day's last instant;
 * - freeze day → the day of the setting's zone that holds the freeze day's first instant.
 * When the kept day's last instant falls on a later day than today in the new zone (the user moved
 * east during a kept day), the streak stays in its own zone until that day has really ended.
 *
 * So a new day counts only when it starts after the kept day has ended (no two counted days share
 * an instant), `last_updated` is never after today, and a streak breaks only when a whole local day
 * passed with no completion at all.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The first instant (epoch ms) after local day `day` in `zone`: where the next existing day starts. */
export function dayEnd(day: LocalDay, zone: string): number {
  // Offsets lie within ±16 h (including historical ones), and at most one day is ever skipped.
  let before = dayNumber(day) * DAY_MS - 16 * HOUR_MS;
  let after = (dayNumber(day) + 2) * DAY_MS + 16 * HOUR_MS;
  while (after - before > 1) {
    const mid = Math.floor((before + after) / 2);
    if (localDay(new Date(mid), zone) > day) after = mid;
    else before = mid;
  }
  return after;
}

/** The first instant (epoch ms) of local day `day` in `zone`. */
export function dayStart(day: LocalDay, zone: string): number {
  return dayEnd(addDays(day, -1), zone);
}

export type StreakDays = {
  /** The streak with its dates as local days of `zone`. */
  state: StreakState;
  /** The zone the streak's days are counted in now. */
  zone: string;
  today: LocalDay;
  /** True when the dates were carried over from the stored zone (the caller stores them on a completion). */
  moved: boolean;
};

/**
 * The streak as seen at `now` by a user whose zone setting is `settingZone`. `dayZone` is the zone
 * the stored dates are local days of; null (rows from before zones were stored) means the setting's.
 */
export function streakDays(stored: StreakState, dayZone: string | null, settingZone: string, now: Date): StreakDays {
  const today = localDay(now, settingZone);
  if (!dayZone || dayZone === settingZone || (!stored.lastUpdated && !stored.frozenOn)) {
    return { state: stored, zone: settingZone, today, moved: false };
  }
  const lastUpdated = stored.lastUpdated
    ? localDay(new Date(dayEnd(stored.lastUpdated, dayZone) - 1), settingZone)
    : null;
  if (lastUpdated && lastUpdated > today) {
    // The kept day has not ended yet: it stays the streak's day, in its own zone.
    return { state: stored, zone: dayZone, today: localDay(now, dayZone), moved: false };
  }
  const frozenOn = stored.frozenOn ? localDay(new Date(dayStart(stored.frozenOn, dayZone)), settingZone) : null;
  return { state: { ...stored, lastUpdated, frozenOn }, zone: settingZone, today, moved: true };
}
