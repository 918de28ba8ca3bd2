import { and, eq } from "drizzle-orm";
import { saveStreakResultSchema, streakSchema } from "@neonlab/shared/schemas/progress";
import { localDay } from "@neonlab/shared/streak";
import { describe, expect, it } from "vitest";
import { createUser, type TestUser } from "../../test/users.ts";
import type { RunInTransaction } from "../../transaction.ts";
import { profiles } from "../identity/profiles/schema.ts";
import {
  completeLessonApi,
  createLearningApp,
  grantAccess,
  lessonId,
  prepareLesson,
} from "../learning/test-helpers.ts";
import { ledger } from "../wallet/ledger/schema.ts";
import { expectBooksBalance, give } from "../wallet/ledger/test-helpers.ts";
import { streaks } from "./schema.ts";
import { setStreak, utcDay } from "./test-helpers.ts";

const giveNeonBits = (transaction: RunInTransaction, userId: string, amount: number) =>
  give(transaction, userId, "neonbits", amount, `t-${Math.random()}`);

describe("streak API", async () => {
  const app = await createLearningApp();
  const db = app.ctx.db;
  const call = (method: "GET" | "PATCH", url: string, user: TestUser) =>
    app.inject({ method, url, headers: user.headers });
  const streakOf = async (user: TestUser) => streakSchema.parse((await call("GET", "/api/users/streak", user)).json());

  it("starts at none with one free freeze, then done after a completion", async () => {
    const user = await createUser(app);
    expect(await streakOf(user)).toMatchObject({
      count: 0,
      status: "none",
      last_updated: null,
      days_since: null,
      time_zone: "UTC",
      freeze: { on: false, since: null, inventory: 1 },
      save: null,
    });
    const id = await lessonId(db, "neon-basics", "first-command");
    await prepareLesson(app, user, id);
    await completeLessonApi(app, user, id);
    expect(await streakOf(user)).toMatchObject({ count: 1, status: "done", last_updated: utcDay(), days_since: 0 });
    expect((await call("GET", "/api/users/streak", { ...user, headers: { authorization: "" } })).statusCode).toBe(401);
  });

  it("extends an alive streak with the first completion of the day (in the user's time zone)", async () => {
    const user = await createUser(app);
    await db.update(profiles).set({ timeZone: "Pacific/Kiritimati" }).where(eq(profiles.id, user.id));
    const today = localDay(new Date(), "Pacific/Kiritimati");
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await setStreak(db, user.id, { count: 6, lastUpdated: yesterday });
    expect(await streakOf(user)).toMatchObject({ count: 6, status: "alive", days_since: 1, today });
    const id = await lessonId(db, "neon-basics", "first-command");
    await prepareLesson(app, user, id);
    const res = await completeLessonApi(app, user, id);
    expect(res.json().streak).toEqual({ count: 7, extended: true, status: "done" });
  });

  it("puts a freeze on and takes it back, with the clear 409s", async () => {
    const user = await createUser(app);
    const none = await call("PATCH", "/api/users/freeze-streak", user);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe("You have no active streak to freeze. Complete a lesson to start one.");
    await setStreak(db, user.id, { count: 3, lastUpdated: utcDay(-1) });
    const on = streakSchema.parse((await call("PATCH", "/api/users/freeze-streak", user)).json());
    expect(on.freeze).toEqual({ on: true, since: utcDay(), inventory: 0 });
    expect((await call("PATCH", "/api/users/freeze-streak", user)).json().message).toBe(
      "A streak freeze is already on your streak.",
    );
    const off = streakSchema.parse((await call("PATCH", "/api/users/unfreeze-streak", user)).json());
    expect(off.freeze).toEqual({ on: false, since: null, inventory: 1 });
    const again = await call("PATCH", "/api/users/unfreeze-streak", user);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("There is no unused streak freeze on your streak.");
    // Spend the only freeze, then there is none left.
    await call("PATCH", "/api/users/freeze-streak", user);
    await setStreak(db, user.id, { count: 3, lastUpdated: utcDay(-1), freezeOn: false });
    const empty = await call("PATCH", "/api/users/freeze-streak", user);
    expect(empty.json().message).toBe("You have no streak freezes left. Get one in the shop.");
  });

  it("a freeze covers one missed day and is consumed", async () => {
    const user = await createUser(app);
    await setStreak(db, user.id, { count: 5, lastUpdated: utcDay(-2), freezeOn: true, frozenAt: utcDay(-2) });
    const view = await streakOf(user);
    expect(view).toMatchObject({ count: 5, status: "alive", last_updated: utcDay(-1), freeze: { on: false } });
    const [row] = await db.select().from(streaks).where(eq(streaks.userId, user.id));
    expect(row).toMatchObject({ freezeOn: false, lastUpdated: utcDay(-1), count: 5 });
  });

  it("saves a broken streak for 100 NeonBits per missed day; 409 and nothing charged when short", async () => {
    const user = await createUser(app);
    await setStreak(db, user.id, { count: 9, lastUpdated: utcDay(-3) });
    const broken = await streakOf(user);
    expect(broken).toMatchObject({ count: 0, status: "broken", days_since: 3 });
    expect(broken.save).toEqual({ count: 9, missed_days: 2, cost: 200, affordable: false });

    await giveNeonBits(app.ctx.transaction, user.id, 150);
    const short = await call("PATCH", "/api/users/save-streak?save=true", user);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe("Saving your streak costs 200 NeonBits; you have 150.");
    const charges = await db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, user.id), eq(ledger.kind, "neonbits")));
    expect(charges).toHaveLength(1);

    await giveNeonBits(app.ctx.transaction, user.id, 100);
    const saved = saveStreakResultSchema.parse((await call("PATCH", "/api/users/save-streak?save=true", user)).json());
    expect(saved).toMatchObject({ count: 9, status: "alive", neonbits_spent: 200, save: null });
    expect((await expectBooksBalance(db, user.id)).neonbits).toBe(50);
    const notBroken = await call("PATCH", "/api/users/save-streak?save=true", user);
    expect(notBroken.statusCode).toBe(409);
    expect(notBroken.json().message).toBe("Your streak is not broken; there is nothing to save.");
  });

  it("refuses to save a streak broken more than 3 days ago; save=false resets it", async () => {
    const user = await createUser(app);
    await setStreak(db, user.id, { count: 4, lastUpdated: utcDay(-5) });
    await giveNeonBits(app.ctx.transaction, user.id, 1000);
    expect(await streakOf(user)).toMatchObject({ status: "broken", save: null, lost_count: 4 });
    const late = await call("PATCH", "/api/users/save-streak?save=true", user);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("Your streak broke more than 3 days ago and can no longer be saved.");
    const reset = saveStreakResultSchema.parse((await call("PATCH", "/api/users/save-streak?save=false", user)).json());
    expect(reset).toMatchObject({ count: 0, status: "none", neonbits_spent: 0, last_updated: null });
    const bad = await call("PATCH", "/api/users/save-streak?save=maybe", user);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("save must be true or false");
    expect((await call("PATCH", "/api/users/save-streak", user)).statusCode).toBe(400);
  });

  it("restarts a broken, unsaved streak at 1 on the next completion", async () => {
    const user = await createUser(app);
    await setStreak(db, user.id, { count: 12, lastUpdated: utcDay(-4) });
    const id = await lessonId(db, "neon-basics", "listing");
    await prepareLesson(app, user, id);
    expect((await completeLessonApi(app, user, id)).json().streak).toEqual({
      count: 1,
      extended: true,
      status: "done",
    });
    const history = (await call("GET", "/api/users/ledger?kind=streak", user)).json();
    expect(history.entries.find((e: { kind: string }) => e.kind === "streak")).toMatchObject({
      reason: "streak_restarted",
      description: "Streak started again (the 12-day streak broke)",
    });
  });

  describe("across time-zone changes", () => {
    const setZone = async (user: TestUser, zone: string) => {
      const res = await app.inject({
        method: "PUT",
        url: "/api/profile",
        headers: user.headers,
        payload: { time_zone: zone },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const complete = async (user: TestUser, slug: string) => {
      const id = await lessonId(db, "neon-basics", slug);
      await prepareLesson(app, user, id);
      const res = await completeLessonApi(app, user, id);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().streak.count as number;
    };

    it("counts one day when the zone switches between UTC−12 and UTC+14 between completions", async () => {
      const user = await createUser(app);
      await grantAccess(db, user.id);
      const counts: number[] = [];
      const steps = [
        ["Etc/GMT+12", "first-command"],
        ["Etc/GMT-14", "listing"],
        ["UTC", "moving"],
        ["Etc/GMT+12", "paths"],
      ];
      for (const [zone, slug] of steps) {
        await setZone(user, zone);
        counts.push(await complete(user, slug));
        const streak = await streakOf(user);
        expect(streak).toMatchObject({ count: 1, status: "done" });
        expect(streak.last_updated! <= streak.today).toBe(true);
      }
      expect(counts).toEqual([1, 1, 1, 1]);
      const rows = await db
        .select()
        .from(ledger)
        .where(and(eq(ledger.userId, user.id), eq(ledger.kind, "streak")));
      expect(rows.map((r) => r.reason)).toEqual(["streak_started"]);
      const header = await app.inject({ method: "GET", url: "/api/profile", headers: user.headers });
      expect(header.json().streak).toBe(1);
    });

    it("keeps a day kept in another zone until it has really ended", async () => {
      const user = await createUser(app);
      await setZone(user, "Etc/GMT-14");
      const keptDay = localDay(new Date(), "Etc/GMT+12");
      await setStreak(db, user.id, { count: 5, lastUpdated: keptDay, dayZone: "Etc/GMT+12" });
      const streak = await streakOf(user);
      expect(streak).toMatchObject({ count: 5, status: "done", days_since: 0 });
      expect(streak.last_updated! <= streak.today).toBe(true);
      expect(await complete(user, "first-command")).toBe(5);
      expect((await app.inject({ method: "GET", url: "/api/profile", headers: user.headers })).json().streak).toBe(5);
      const [row] = await db.select().from(streaks).where(eq(streaks.userId, user.id));
      expect(row.lastUpdated! <= localDay(new Date(), row.dayZone!)).toBe(true);
    });
  });
});
