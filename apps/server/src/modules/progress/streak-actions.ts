import { randomUUID } from "node:crypto";
import { STREAK_SAVE_MAX_DAYS } from "@neonlab/shared/constants";
import type { SaveStreakResult, Streak } from "@neonlab/shared/schemas/progress";
import { applyReset, applySave, quoteSave, type StreakState, viewStreak } from "@neonlab/shared/streak";
import { conflict } from "../../errors.ts";
import type { RunInTransaction } from "../../transaction.ts";
import { grant, spend, spendNeonBits } from "../wallet/service.ts";
import { freezeInventory, lockStreak, present, saveState, streakEntry } from "./streak-service.ts";

// What the learner does with the streak: put a freeze on, take it back, save or reset a broken streak.
// Each runs with the streak row locked, so a user's actions run one after another.

export async function freezeStreak(transaction: RunInTransaction, userId: string, now = new Date()): Promise<Streak> {
  return transaction(async ({ db: tx }) => {
    const locked = await lockStreak(tx, userId, now);
    if (locked.state.freezeOn) throw conflict("A streak freeze is already on your streak.");
    if (locked.view.status === "none" || locked.view.status === "broken") {
      throw conflict("You have no active streak to freeze. Complete a lesson to start one.");
    }
    await freezeInventory(tx, userId);
    // Putting a freeze on has no natural key: its once-ness is the freeze flag, checked under the lock.
    const action = { userId, reason: "freeze_on", reference: randomUUID(), description: "Streak freeze put on" };
    const taken = await spend(tx, { ...action, kind: "streak_freeze", amount: 1 });
    if (taken.status !== "spent") throw conflict("You have no streak freezes left. Get one in the shop.");
    const state = { ...locked.state, freezeOn: true, frozenOn: locked.today };
    await saveState(tx, userId, state, locked.zone);
    await streakEntry(tx, userId, { ...action, amount: 0 });
    return present(tx, userId, { ...locked, state, view: { ...locked.view, state } });
  });
}

export async function unfreezeStreak(transaction: RunInTransaction, userId: string, now = new Date()): Promise<Streak> {
  return transaction(async ({ db: tx }) => {
    const locked = await lockStreak(tx, userId, now);
    if (!locked.state.freezeOn) throw conflict("There is no unused streak freeze on your streak.");
    await freezeInventory(tx, userId);
    const action = {
      userId,
      reason: "freeze_off",
      reference: randomUUID(),
      description: "Streak freeze taken back into the inventory",
    };
    await grant(tx, { ...action, kind: "streak_freeze", amount: 1 });
    const state = { ...locked.state, freezeOn: false, frozenOn: null };
    await saveState(tx, userId, state, locked.zone);
    await streakEntry(tx, userId, { ...action, amount: 0 });
    return present(tx, userId, { ...locked, state, view: { ...locked.view, state } });
  });
}

/** save=true restores a streak broken at most 3 days ago for 100 NeonBits per missed day; save=false resets it. */
export async function saveStreak(
  transaction: RunInTransaction,
  userId: string,
  save: boolean,
  now = new Date(),
): Promise<SaveStreakResult> {
  return transaction(async ({ db: tx }) => {
    const locked = await lockStreak(tx, userId, now);
    const quote = quoteSave(locked.view);
    if (!quote.ok && quote.reason === "not-broken")
      throw conflict("Your streak is not broken; there is nothing to save.");
    // A broken streak is saved or reset once: the break (its last kept day) is the reference.
    const breakReference = `streak-broken-after:${locked.state.lastUpdated}`;
    let state: StreakState;
    let spent = 0;
    if (!save) {
      state = applyReset(locked.view);
      await streakEntry(tx, userId, {
        reason: "streak_reset",
        reference: breakReference,
        amount: -locked.state.count,
        description: `The ${locked.state.count}-day streak was reset`,
      });
    } else {
      if (!quote.ok) {
        throw conflict(`Your streak broke more than ${STREAK_SAVE_MAX_DAYS} days ago and can no longer be saved.`);
      }
      const charge = await spendNeonBits(tx, {
        userId,
        amount: quote.cost,
        reason: "streak_saved",
        reference: breakReference,
        description: `Saved the ${locked.state.count}-day streak (${quote.missedDays} missed day${quote.missedDays > 1 ? "s" : ""})`,
      });
      if (charge.status === "insufficient") {
        throw conflict(`Saving your streak costs ${quote.cost} NeonBits; you have ${charge.balance}.`);
      }
      if (charge.status === "duplicate") throw conflict("This streak was already saved.");
      spent = quote.cost;
      state = applySave(locked.view, locked.today);
      await streakEntry(tx, userId, {
        reason: "streak_saved",
        reference: breakReference,
        amount: 0,
        description: `Saved the ${locked.state.count}-day streak`,
      });
    }
    await saveState(tx, userId, state, locked.zone);
    const view = viewStreak(state, locked.today, locked.zone);
    return { ...(await present(tx, userId, { ...locked, state, view })), neonbits_spent: spent };
  });
}
