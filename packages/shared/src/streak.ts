import { STREAK_SAVE_COST_PER_DAY, STREAK_SAVE_MAX_DAYS } from "./constants.ts";

/**
 * Streak math, pure and shared by server and web.
 *
 * Days are local calendar days ("YYYY-MM-DD") in the user's IANA time zone. `lastUpdated` is the
 * last local day the streak was kept: by a completion, by a freeze covering a missed day, or by a
 * save. Days since it: 0 = done today, 1 = alive (not yet extended today), ≥ 2 = broken.
 *
 * A freeze that is on covers exactly one missed day (the first one after `lastUpdated`) and is
 * consumed doing so; it only covers a day on or after the day it was put on. Local days a zone
 * skipped (Samoa skipped 2011-12-30 when it crossed the date line) are not counted as missed.
 */

export type LocalDay = string;

export type StreakState = {
  count: number;
  lastUpdated: LocalDay | null;
  freezeOn: boolean;
  /** Local day the freeze was put on. */
  frozenOn: LocalDay | null;
};

export type StreakStatusValue = "none" | "done" | "alive" | "broken";

export type StreakView = {
  state: StreakState;
  status: StreakStatusValue;
  /** Local days since lastUpdated (existing days only); null without a streak. */
  daysSince: number | null;
  /** Missed local days while broken. */
  missedDays: number;
  /** True when normalising consumed the freeze (the caller records it). */
  freezeUsed: boolean;
  /** The day the consumed freeze covered. */
  freezeCoveredDay: LocalDay | null;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The local calendar day ("YYYY-MM-DD") of an instant in an IANA time zone. */
export function localDay(instant: Date, timeZone: string): LocalDay {
  const parts = formatter(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a calendar day (zone-free arithmetic). */
export function dayNumber(day: LocalDay): number {
  const [y, m, d] = day.split("-").map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** The calendar day `n` days after `day`. */
export function addDays(day: LocalDay, n: number): LocalDay {
  return new Date((dayNumber(day) + n) * DAY_MS).toISOString().slice(0, 10);
}

/** Whether a calendar day exists in a zone (false only for days a zone skipped entirely). */
export function dayExists(day: LocalDay, timeZone: string): boolean {
  // Every instant of a local day lies within 14 h before to 12 h after that UTC day (offsets −12…+14).
  const start = dayNumber(day) * DAY_MS - 14 * 3_600_000;
  for (let t = start; t <= start + 50 * 3_600_000; t += 1_800_000) {
    if (localDay(new Date(t), timeZone) === day) return true;
  }
  return false;
}

/** Local days from `from` to `to` counting only days that exist in the zone (negative when `to` is earlier). */
export function daysBetween(from: LocalDay, to: LocalDay, timeZone: string): number {
  const diff = dayNumber(to) - dayNumber(from);
  if (diff < 2 || diff > 10) return diff; // skipped days only matter for short gaps
  let skipped = 0;
  for (let i = 1; i < diff; i++) if (!dayExists(addDays(from, i), timeZone)) skipped++;
  return diff - skipped;
}

/** The next existing local day after `day`. */
function nextDay(day: LocalDay, timeZone: string): LocalDay {
  let next = addDays(day, 1);
  while (!dayExists(next, timeZone)) next = addDays(next, 1);
  return next;
}

export const emptyStreak = (): StreakState => ({ count: 0, lastUpdated: null, freezeOn: false, frozenOn: null });

/** The streak as of `today`: applies a freeze to a missed day and derives status. */
export function viewStreak(state: StreakState, today: LocalDay, timeZone: string): StreakView {
  if (state.count <= 0 || !state.lastUpdated) {
    return { state, status: "none", daysSince: null, missedDays: 0, freezeUsed: false, freezeCoveredDay: null };
  }
  let current = state;
  let days = Math.max(0, daysBetween(state.lastUpdated, today, timeZone));
  let freezeUsed = false;
  let freezeCoveredDay: LocalDay | null = null;
  if (days >= 2 && state.freezeOn) {
    const missed = nextDay(state.lastUpdated, timeZone);
    if (!state.frozenOn || dayNumber(state.frozenOn) <= dayNumber(missed)) {
      current = { ...state, lastUpdated: missed, freezeOn: false, frozenOn: null };
      days -= 1;
      freezeUsed = true;
      freezeCoveredDay = missed;
    }
  }
  const status: StreakStatusValue = days === 0 ? "done" : days === 1 ? "alive" : "broken";
  return {
    state: current,
    status,
    daysSince: days,
    missedDays: status === "broken" ? days - 1 : 0,
    freezeUsed,
    freezeCoveredDay,
  };
}

/** The count to display: 0 when there is no streak or it is broken. */
export function currentCount(view: StreakView): number {
  return view.status === "none" || view.status === "broken" ? 0 : view.state.count;
}

export type CompletionOutcome = { view: StreakView; state: StreakState; extended: boolean; restarted: boolean };

/** The streak after a completion at `today`: +1 on the day's first completion, 1 when broken or none. */
export function applyCompletion(state: StreakState, today: LocalDay, timeZone: string): CompletionOutcome {
  const view = viewStreak(state, today, timeZone);
  const base = view.state;
  if (view.status === "done") return { view, state: base, extended: false, restarted: false };
  if (view.status === "alive") {
    return { view, state: { ...base, count: base.count + 1, lastUpdated: today }, extended: true, restarted: false };
  }
  // A broken streak restarts; an unused freeze stays on for the new streak.
  return {
    view,
    state: { ...base, count: 1, lastUpdated: today },
    extended: true,
    restarted: view.status === "broken",
  };
}

export type SaveQuote =
  | { ok: true; missedDays: number; cost: number }
  | { ok: false; reason: "not-broken" | "too-late" };

/** Whether a broken streak can be saved at `today`, and what it costs in NeonBits. */
export function quoteSave(view: StreakView): SaveQuote {
  if (view.status !== "broken") return { ok: false, reason: "not-broken" };
  if (view.missedDays > STREAK_SAVE_MAX_DAYS) return { ok: false, reason: "too-late" };
  return { ok: true, missedDays: view.missedDays, cost: view.missedDays * STREAK_SAVE_COST_PER_DAY };
}

/** The state after saving: the count is kept and yesterday counts as kept, so today can extend it. */
export function applySave(view: StreakView, today: LocalDay): StreakState {
  return { ...view.state, lastUpdated: addDays(today, -1) };
}

/** The state after declining to save: the streak is reset to 0. */
export function applyReset(view: StreakView): StreakState {
  return { ...view.state, count: 0, lastUpdated: null };
}
