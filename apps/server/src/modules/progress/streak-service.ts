import { eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { OFFLINE_MOMENT_MAX_AGE_HOURS } from "@neonlab/shared/schemas/learning";
import type { Streak } from "@neonlab/shared/schemas/progress";
import { isValidTimeZone } from "@neonlab/shared/schemas/profile";
import {
  applyCompletion,
  currentCount,
  quoteSave,
  type StreakState,
  type StreakView,
  viewStreak,
} from "@neonlab/shared/streak";
import { streakDays } from "@neonlab/shared/streak-zone";
import type { Db } from "../../db/client.ts";
import type { RunInTransaction } from "../../transaction.ts";
import { getNeonBitsBalance, record } from "../wallet/service.ts";
import { profileRows } from "../identity/service.ts";
import { streaks } from "./schema.ts";

type StreakRow = typeof streaks.$inferSelect;
export type StreakColumns = Pick<StreakRow, "count" | "lastUpdated" | "freezeOn" | "frozenAt" | "dayZone">;

const toState = (row: StreakColumns): StreakState => ({
  count: row.count,
  lastUpdated: row.lastUpdated,
  freezeOn: row.freezeOn,
  frozenOn: row.frozenAt,
});

/** The zone when the runtime knows it, else UTC. */
function safeZone(zone: string | null | undefined): string {
  return zone && isValidTimeZone(zone) ? zone : "UTC";
}

/** The streak's days at `now` for a user whose zone setting is `setting` (see @neonlab/shared/streak-zone). */
function daysOf(row: StreakColumns, setting: string | null | undefined, now: Date) {
  const dayZone = row.dayZone && isValidTimeZone(row.dayZone) ? row.dayZone : null;
  return streakDays(toState(row), dayZone, safeZone(setting), now);
}

/**
 * The locked streak with its dates as local days of `zone`; `moved` when they were carried over
 * from another zone (a completion stores them, so its own day counts as kept).
 */
export type LockedStreak = { state: StreakState; view: StreakView; zone: string; today: string; moved: boolean };

/**
 * The streak row, created on first use and locked either way, with the user's zone setting: one
 * statement (it was three: insert, SELECT … FOR UPDATE, the zone). ON CONFLICT DO UPDATE locks the
 * existing row as FOR UPDATE did (a concurrent locker waits for this transaction, then gets the
 * newest row); the update writes the row as it is. For a completion it also moves updated_at, the row's
 * version: a lesson completion that read the row without a lock (learning/sql/complete-lesson.sql) then finds it
 * changed and reads again.
 */
async function lockedRow(tx: Db, userId: string, completing: boolean) {
  const version = completing ? sql`clock_timestamp()` : sql`${streaks.updatedAt}`;
  const locked = tx.$with("locked_streak").as(
    tx
      .insert(streaks)
      .values({ userId })
      .onConflictDoUpdate({ target: streaks.userId, set: { updatedAt: version } })
      .returning(),
  );
  const profiles = profileRows.table;
  const [row] = await tx
    .with(locked)
    .select({
      count: locked.count,
      lastUpdated: locked.lastUpdated,
      freezeOn: locked.freezeOn,
      frozenAt: locked.frozenAt,
      dayZone: locked.dayZone,
      setting: sql<string | null>`(select ${profiles.timeZone} from ${profiles} where ${profiles.id} = ${userId})`,
    })
    .from(locked);
  return row!;
}

/**
 * Locks the user's streak row (created on first use) for the rest of the transaction and applies
 * any freeze the days since have consumed. The lock also serialises a user's completions.
 */
export async function lockStreak(
  tx: Db,
  userId: string,
  now: Date,
  options: { completing?: boolean } = {},
): Promise<LockedStreak> {
  const row = await lockedRow(tx, userId, options.completing ?? false);
  const { view, state, zone, today, moved } = streakAt(row, row.setting, now);
  const freezeUsed = freezeUsedEntry(view);
  if (freezeUsed) {
    await saveState(tx, userId, view.state, zone);
    await streakEntry(tx, userId, freezeUsed);
  }
  return { state, view, zone, today, moved };
}

/** The streak's history row for a freeze the days since used up; null when none was. */
export function freezeUsedEntry(view: StreakView) {
  if (!view.freezeUsed) return null;
  return {
    reason: "freeze_used",
    reference: `covered:${view.freezeCoveredDay}`,
    amount: 0,
    description: `Streak freeze used on ${view.freezeCoveredDay}`,
  };
}

/**
 * The streak at `now` from a row however read (locked, or read without a lock by the lesson completion,
 * learning/completion-start.ts): any freeze the days since have consumed is applied to the state, not stored.
 */
export function streakAt(row: StreakColumns, setting: string | null | undefined, now: Date): LockedStreak {
  const { state, zone, today, moved } = daysOf(row, setting, now);
  const view = viewStreak(state, today, zone);
  return { state: view.state, view, zone, today, moved };
}

/** Stores the streak with its dates as local days of `zone`. */
export async function saveState(tx: Db, userId: string, state: StreakState, zone: string) {
  await tx
    .update(streaks)
    .set({
      count: state.count,
      lastUpdated: state.lastUpdated,
      freezeOn: state.freezeOn,
      frozenAt: state.frozenOn,
      dayZone: zone,
      // The row's version (learning/sql/complete-lesson.sql): a new value on every change, to the microsecond.
      updatedAt: sql`clock_timestamp()`,
    })
    .where(eq(streaks.userId, userId));
}

/** A row of the streak's history (ledger kind "streak"; amount: the change in days). */
export async function streakEntry(
  tx: Db,
  userId: string,
  entry: { reason: string; reference: string; amount: number; description: string },
) {
  await record(tx, { ...entry, userId, kind: "streak" });
}

/** How far ahead of the server's clock a device's clock may run before its time counts as now. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The instant the streak's day of a write made offline is taken from (docs/product-rules-notes.md, offline
 * lessons and review): the device's moment of it (a completion's `completedAt`, a review answer's
 * `answeredAt`) when it lies within the last OFFLINE_MOMENT_MAX_AGE_HOURS (a few minutes ahead counts as now)
 * and is later than `seenBeforeVisit`, the last time the server saw the learner before the visit the write
 * arrives in (presence-service.ts; null: never seen, no limit), else the server's now. A moment before that
 * request was not made offline since: a queue can't fill a day the learner saw missed for free.
 */
export function streakInstant(deviceMoment: string | undefined, now: Date, seenBeforeVisit: Date | null): Date {
  if (deviceMoment === undefined) return now;
  const at = new Date(deviceMoment);
  const age = now.getTime() - at.getTime();
  if (Number.isNaN(age) || age > OFFLINE_MOMENT_MAX_AGE_HOURS * 3_600_000 || age < -CLOCK_SKEW_MS) return now;
  if (seenBeforeVisit && at.getTime() <= seenBeforeVisit.getTime()) return now;
  return age < 0 ? now : at;
}

/**
 * What a completion does to the streak: its new state, what the completion answers, and the history row
 * when the streak moved (at most once a day: the day is the row's reference).
 */
export function completionDay(locked: LockedStreak) {
  const outcome = applyCompletion(locked.state, locked.today, locked.zone);
  const reference = `day:${locked.today}`;
  const history = !outcome.extended
    ? null
    : outcome.restarted
      ? {
          reason: "streak_restarted",
          reference,
          description: `Streak started again (the ${locked.state.count}-day streak broke)`,
        }
      : outcome.state.count === 1
        ? { reason: "streak_started", reference, description: "Streak started" }
        : { reason: "streak_extended", reference, description: `Streak extended to ${outcome.state.count} days` };
  const answer = { count: outcome.state.count, extended: outcome.extended, status: "done" as const };
  return { state: outcome.state, history, answer };
}

/** Extends (or starts) the streak for a completion; call with the streak locked. */
export async function recordCompletionDay(tx: Db, userId: string, locked: LockedStreak) {
  const day = completionDay(locked);
  // Dates carried over from another zone are stored too: this zone's day holds a completion now.
  if (day.history || locked.moved) await saveState(tx, userId, day.state, locked.zone);
  if (day.history) await streakEntry(tx, userId, { ...day.history, amount: 1 });
  return day.answer;
}

/** Owned freezes not on the streak, the starter freeze given first (freeze_inventory, sql/starter-freeze.sql). */
export async function freezeInventory(tx: Db, userId: string): Promise<number> {
  const [row] = await tx.select({ owned: sql<number>`owned` }).from(sql`freeze_inventory(${userId}::text) as owned`);
  return Number(row!.owned);
}

export async function present(tx: Db, userId: string, locked: LockedStreak): Promise<Streak> {
  const { view, state } = locked;
  const inventory = await freezeInventory(tx, userId);
  const quote = quoteSave(view);
  const balance = quote.ok ? await getNeonBitsBalance(tx, userId) : 0;
  return {
    count: currentCount(view),
    status: view.status,
    last_updated: state.lastUpdated,
    days_since: view.daysSince,
    today: locked.today,
    time_zone: locked.zone,
    freeze: { on: state.freezeOn, since: state.freezeOn ? state.frozenOn : null, inventory },
    save: quote.ok
      ? { count: state.count, missed_days: quote.missedDays, cost: quote.cost, affordable: balance >= quote.cost }
      : null,
    lost_count: !quote.ok && quote.reason === "too-late" ? state.count : null,
  };
}

export async function getStreak(transaction: RunInTransaction, userId: string, now = new Date()): Promise<Streak> {
  return transaction(async ({ db: tx }) => present(tx, userId, await lockStreak(tx, userId, now)));
}

/**
 * For one-statement reads of other modules (the profile view): the streak row, joined on the user id,
 * and the columns displayedStreakCount reads.
 */
export const streakRows = {
  table: streaks,
  on: (userId: AnyPgColumn) => eq(streaks.userId, userId),
  countColumns: {
    count: streaks.count,
    lastUpdated: streaks.lastUpdated,
    freezeOn: streaks.freezeOn,
    frozenAt: streaks.frozenAt,
    dayZone: streaks.dayZone,
  },
  /** Moves with every completion and every change of the streak: the lesson completion's check that nothing moved since it read. */
  version: streaks.updatedAt,
};

/** The displayed streak count from a streak row read without locking (profile header); 0 without one. */
export function displayedStreakCount(row: StreakColumns | null, timeZone: string | null, now = new Date()): number {
  if (!row) return 0;
  const { state, today, zone } = daysOf(row, timeZone, now);
  return currentCount(viewStreak(state, today, zone));
}
