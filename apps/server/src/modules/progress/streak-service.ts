import { and, eq, gt, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { STREAK_SAVE_MAX_DAYS } from "@neonlab/shared/constants";
import type { SaveStreakResult, Streak } from "@neonlab/shared/schemas/learning";
import { isValidTimeZone } from "@neonlab/shared/schemas/profile";
import {
  applyCompletion,
  applyReset,
  applySave,
  currentCount,
  localDay,
  quoteSave,
  type StreakState,
  type StreakView,
  viewStreak,
} from "@neonlab/shared/streak";
import type { Db } from "../../db/client.ts";
import { conflict } from "../../errors.ts";
import { timeZoneOf } from "../profiles/service.ts";
import { getNeonBitsBalance, spendNeonBits } from "../wallet/service.ts";
import { streakEvents, streakFreezeInventory, streaks } from "./schema.ts";

/** Until the shop sells them, every user starts with one free streak freeze. */
export const STARTER_FREEZES = 1;

type StreakRow = typeof streaks.$inferSelect;

const toState = (row: Pick<StreakRow, "count" | "lastUpdated" | "freezeOn" | "frozenAt">): StreakState => ({
  count: row.count,
  lastUpdated: row.lastUpdated,
  freezeOn: row.freezeOn,
  frozenOn: row.frozenAt,
});

/** The zone when the runtime knows it, else UTC. */
function safeZone(zone: string | null | undefined): string {
  return zone && isValidTimeZone(zone) ? zone : "UTC";
}

export type LockedStreak = { state: StreakState; view: StreakView; zone: string; today: string };

/**
 * Locks the user's streak row (created on first use) for the rest of the transaction and applies
 * any freeze the days since have consumed. The lock also serialises a user's completions.
 */
export async function lockStreak(tx: Db, userId: string, now: Date): Promise<LockedStreak> {
  await tx.insert(streaks).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(streaks).where(eq(streaks.userId, userId)).for("update");
  const zone = safeZone(await timeZoneOf(tx, userId));
  const today = localDay(now, zone);
  const state = toState(row);
  const view = viewStreak(state, today, zone);
  if (view.freezeUsed) {
    await saveState(tx, userId, view.state);
    await streakEvent(tx, userId, "freeze_used", 0, `Streak freeze used on ${view.freezeCoveredDay}`);
  }
  return { state: view.state, view, zone, today };
}

async function saveState(tx: Db, userId: string, state: StreakState) {
  await tx
    .update(streaks)
    .set({
      count: state.count,
      lastUpdated: state.lastUpdated,
      freezeOn: state.freezeOn,
      frozenAt: state.frozenOn,
      updatedAt: new Date(),
    })
    .where(eq(streaks.userId, userId));
}

async function streakEvent(tx: Db, userId: string, reason: string, amount: number, description: string) {
  await tx.insert(streakEvents).values({ userId, reason, amount, description });
}

/** Extends (or starts) the streak for a completion; call with the streak locked. */
export async function recordCompletionDay(tx: Db, userId: string, locked: LockedStreak) {
  const outcome = applyCompletion(locked.state, locked.today, locked.zone);
  if (outcome.extended) {
    await saveState(tx, userId, outcome.state);
    if (outcome.restarted) {
      await streakEvent(
        tx,
        userId,
        "streak_restarted",
        1,
        `Streak started again (the ${locked.state.count}-day streak broke)`,
      );
    } else if (outcome.state.count === 1) {
      await streakEvent(tx, userId, "streak_started", 1, "Streak started");
    } else {
      await streakEvent(tx, userId, "streak_extended", 1, `Streak extended to ${outcome.state.count} days`);
    }
  }
  return { count: outcome.state.count, extended: outcome.extended, status: "done" as const };
}

async function inventoryOf(tx: Db, userId: string): Promise<number> {
  await tx.insert(streakFreezeInventory).values({ userId, count: STARTER_FREEZES }).onConflictDoNothing();
  const [row] = await tx
    .select({ count: streakFreezeInventory.count })
    .from(streakFreezeInventory)
    .where(eq(streakFreezeInventory.userId, userId));
  return row?.count ?? 0;
}

async function present(tx: Db, userId: string, locked: LockedStreak): Promise<Streak> {
  const { view, state } = locked;
  const inventory = await inventoryOf(tx, userId);
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

export async function getStreak(db: Db, userId: string, now = new Date()): Promise<Streak> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    return present(tx, userId, await lockStreak(tx, userId, now));
  });
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
  },
};

/** The displayed streak count from a streak row read without locking (profile header); 0 without one. */
export function displayedStreakCount(
  row: Pick<StreakRow, "count" | "lastUpdated" | "freezeOn" | "frozenAt"> | null,
  timeZone: string | null,
  now = new Date(),
): number {
  if (!row) return 0;
  const zone = safeZone(timeZone);
  return currentCount(viewStreak(toState(row), localDay(now, zone), zone));
}

export async function freezeStreak(db: Db, userId: string, now = new Date()): Promise<Streak> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const locked = await lockStreak(tx, userId, now);
    if (locked.state.freezeOn) throw conflict("A streak freeze is already on your streak.");
    if (locked.view.status === "none" || locked.view.status === "broken") {
      throw conflict("You have no active streak to freeze. Complete a lesson to start one.");
    }
    await inventoryOf(tx, userId);
    const taken = await tx
      .update(streakFreezeInventory)
      .set({ count: sql`${streakFreezeInventory.count} - 1`, updatedAt: new Date() })
      .where(and(eq(streakFreezeInventory.userId, userId), gt(streakFreezeInventory.count, 0)))
      .returning({ count: streakFreezeInventory.count });
    if (taken.length === 0) throw conflict("You have no streak freezes left. Get one in the shop.");
    const state = { ...locked.state, freezeOn: true, frozenOn: locked.today };
    await saveState(tx, userId, state);
    await streakEvent(tx, userId, "freeze_on", 0, "Streak freeze put on");
    return present(tx, userId, { ...locked, state, view: { ...locked.view, state } });
  });
}

export async function unfreezeStreak(db: Db, userId: string, now = new Date()): Promise<Streak> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const locked = await lockStreak(tx, userId, now);
    if (!locked.state.freezeOn) throw conflict("There is no unused streak freeze on your streak.");
    await inventoryOf(tx, userId);
    await tx
      .update(streakFreezeInventory)
      .set({ count: sql`${streakFreezeInventory.count} + 1`, updatedAt: new Date() })
      .where(eq(streakFreezeInventory.userId, userId));
    const state = { ...locked.state, freezeOn: false, frozenOn: null };
    await saveState(tx, userId, state);
    await streakEvent(tx, userId, "freeze_off", 0, "Streak freeze taken back into the inventory");
    return present(tx, userId, { ...locked, state, view: { ...locked.view, state } });
  });
}

/** save=true restores a streak broken at most 3 days ago for 100 NeonBits per missed day; save=false resets it. */
export async function saveStreak(db: Db, userId: string, save: boolean, now = new Date()): Promise<SaveStreakResult> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const locked = await lockStreak(tx, userId, now);
    const quote = quoteSave(locked.view);
    if (!quote.ok && quote.reason === "not-broken")
      throw conflict("Your streak is not broken; there is nothing to save.");
    let state: StreakState;
    let spent = 0;
    if (!save) {
      state = applyReset(locked.view);
      await streakEvent(
        tx,
        userId,
        "streak_reset",
        -locked.state.count,
        `The ${locked.state.count}-day streak was reset`,
      );
    } else {
      if (!quote.ok) {
        throw conflict(`Your streak broke more than ${STREAK_SAVE_MAX_DAYS} days ago and can no longer be saved.`);
      }
      const charge = await spendNeonBits(tx, {
        userId,
        amount: quote.cost,
        reason: "streak_saved",
        reference: `streak-broken-after:${locked.state.lastUpdated}`,
        description: `Saved the ${locked.state.count}-day streak (${quote.missedDays} missed day${quote.missedDays > 1 ? "s" : ""})`,
      });
      if (charge.status === "insufficient") {
        throw conflict(`Saving your streak costs ${quote.cost} NeonBits; you have ${charge.balance}.`);
      }
      if (charge.status === "duplicate") throw conflict("This streak was already saved.");
      spent = quote.cost;
      state = applySave(locked.view, locked.today);
      await streakEvent(tx, userId, "streak_saved", 0, `Saved the ${locked.state.count}-day streak`);
    }
    await saveState(tx, userId, state);
    const view = viewStreak(state, locked.today, locked.zone);
    return { ...(await present(tx, userId, { ...locked, state, view })), neonbits_spent: spent };
  });
}
