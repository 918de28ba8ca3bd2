import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-app.ts";
import { createUser, deleteOwnAccount } from "../../test/users.ts";
import { buildExportFile } from "../identity/data-export/file.ts";
import {
  createPresenceThrottle,
  offlineStreakInstant,
  PRESENCE_WRITE_EVERY_MS,
  recordPresence,
  seenBeforeVisit,
  VISIT_GAP_MS,
} from "./presence-service.ts";
import { streakInstant } from "./streak-service.ts";
import { presenceOf, presenceWritten, setPresence } from "./test-helpers.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("streakInstant: the device's moment of a write made offline", () => {
  const now = new Date("2026-11-30T09:00:00.000Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const moment = (ms: number) => ago(ms).toISOString();

  it("takes a moment within 48 hours, not over 5 minutes ahead, when nothing is known of the learner", () => {
    expect(streakInstant(undefined, now, null)).toBe(now);
    expect(streakInstant(moment(26 * HOUR), now, null)).toEqual(ago(26 * HOUR));
    expect(streakInstant(moment(49 * HOUR), now, null)).toBe(now);
    expect(streakInstant(moment(-4 * MINUTE), now, null)).toBe(now);
    expect(streakInstant(moment(-6 * MINUTE), now, null)).toBe(now);
    expect(streakInstant("not a date", now, null)).toBe(now);
  });

  it("takes it only when later than the learner's last request before this visit", () => {
    // Last online on Saturday evening, lessons on Sunday, the queue sent on Monday: Sunday counts.
    expect(streakInstant(moment(26 * HOUR), now, ago(40 * HOUR))).toEqual(ago(26 * HOUR));
    // Online on Monday (Sunday seen missed), then a completion dated Sunday: Monday counts.
    expect(streakInstant(moment(26 * HOUR), now, ago(10 * MINUTE))).toBe(now);
    // The very moment of that request is not later than it.
    expect(streakInstant(moment(10 * MINUTE), now, ago(10 * MINUTE))).toBe(now);
    expect(streakInstant(moment(10 * MINUTE - 1), now, ago(10 * MINUTE))).toEqual(ago(10 * MINUTE - 1));
    // The other limits still hold.
    expect(streakInstant(moment(49 * HOUR), now, ago(60 * HOUR))).toBe(now);
  });
});

describe("the presence write's throttle", () => {
  it("writes a learner's presence at most once per 20 seconds", () => {
    const throttle = createPresenceThrottle();
    const t = 1_000_000;
    expect(throttle.due("a", t)).toBe(true);
    expect(throttle.due("a", t + 5_000)).toBe(false);
    expect(throttle.due("a", t + PRESENCE_WRITE_EVERY_MS - 1)).toBe(false);
    expect(throttle.due("b", t + 5_000)).toBe(true);
    expect(throttle.due("a", t + PRESENCE_WRITE_EVERY_MS)).toBe(true);
    expect(throttle.due("a", t + PRESENCE_WRITE_EVERY_MS + 1)).toBe(false);
    // A clock set back writes again rather than waiting for it to catch up.
    expect(throttle.due("a", t - HOUR)).toBe(true);
    expect(PRESENCE_WRITE_EVERY_MS).toBeLessThan(VISIT_GAP_MS);
  });

  it("keeps only the learners written within the last 20 seconds, and never more than its bound", () => {
    const throttle = createPresenceThrottle(PRESENCE_WRITE_EVERY_MS, 100);
    for (let i = 0; i < 1000; i++) throttle.due(`user-${i}`, i * 100);
    // 100 ms apart: the last 200 are within 20 s, but the bound keeps 100.
    expect(throttle.size).toBe(100);
    // An hour later one write drops every entry whose time has passed.
    throttle.due("late", HOUR);
    expect(throttle.size).toBe(1);
    // The oldest went first: a learner dropped early is written again, one just written is still skipped.
    const bounded = createPresenceThrottle(PRESENCE_WRITE_EVERY_MS, 2);
    bounded.due("x", 0);
    bounded.due("y", 1);
    bounded.due("z", 2);
    expect(bounded.due("z", 3)).toBe(false);
    expect(bounded.due("x", 4)).toBe(true);
  });
});

function presenceSuite(kind: "pglite" | "postgres") {
  describe(`the learner's presence (${kind})`, async () => {
    const app = await createTestApp({ kind });
    const db = app.ctx.db;
    const getProfile = (headers: Record<string, string>) => app.inject({ method: "GET", url: "/api/profile", headers });

    it("starts a visit after 2 minutes without a request, keeping the last one before it", async () => {
      const user = await createUser(app);
      const t0 = new Date(Date.now() - 3 * DAY);
      expect(await seenBeforeVisit(db, user.id, t0)).toBeNull();
      await recordPresence(db, user.id, t0);
      expect(await presenceOf(db, user.id)).toMatchObject({ seenAt: t0, seenBeforeVisit: null });
      // Within the visit: only seen_at moves.
      const t1 = new Date(t0.getTime() + VISIT_GAP_MS);
      await recordPresence(db, user.id, t1);
      expect(await presenceOf(db, user.id)).toMatchObject({ seenAt: t1, seenBeforeVisit: null });
      // Over 2 minutes later: a new visit, the visit before ended at t1.
      const t2 = new Date(t1.getTime() + VISIT_GAP_MS + 1);
      await recordPresence(db, user.id, t2);
      expect(await presenceOf(db, user.id)).toMatchObject({ seenAt: t2, seenBeforeVisit: t1 });
      // A write that arrives late (an earlier request) changes nothing.
      await recordPresence(db, user.id, t1);
      expect(await presenceOf(db, user.id)).toMatchObject({ seenAt: t2, seenBeforeVisit: t1 });
    });

    it("answers the same whether or not the request's own presence write landed first", async () => {
      const user = await createUser(app);
      const now = new Date();
      // Last online three days ago; the app's first read a second ago, the queued write now.
      await setPresence(db, user.id, new Date(now.getTime() - 3 * DAY), new Date(now.getTime() - 5 * DAY));
      const lastOnline = new Date(now.getTime() - 3 * DAY);
      expect(await seenBeforeVisit(db, user.id, now)).toEqual(lastOnline);
      await recordPresence(db, user.id, new Date(now.getTime() - 1000));
      expect(await seenBeforeVisit(db, user.id, now)).toEqual(lastOnline);
      await recordPresence(db, user.id, now);
      expect(await seenBeforeVisit(db, user.id, now)).toEqual(lastOnline);

      // Online 10 minutes ago, back now: the limit is that request, before and after this one's write.
      const tenMinutesAgo = new Date(now.getTime() - 10 * MINUTE);
      await setPresence(db, user.id, tenMinutesAgo, lastOnline);
      expect(await seenBeforeVisit(db, user.id, now)).toEqual(tenMinutesAgo);
      await recordPresence(db, user.id, now);
      expect(await seenBeforeVisit(db, user.id, now)).toEqual(tenMinutesAgo);

      const sunday = new Date(now.getTime() - 26 * HOUR).toISOString();
      expect(await offlineStreakInstant(db, user.id, sunday, now)).toBe(now);
      expect(await offlineStreakInstant(db, user.id, undefined, now)).toBe(now);
    });

    it("is written on a signed-in request, at most once per 20 seconds", async () => {
      const user = await createUser(app);
      // Signing up and confirming are Better Auth's routes: no presence yet.
      expect(await presenceOf(db, user.id)).toBeUndefined();
      const before = new Date();
      expect((await getProfile(user.headers)).statusCode).toBe(200);
      await presenceWritten(db, user.id, before);
      expect(await presenceOf(db, user.id)).toMatchObject({ seenBeforeVisit: null });

      // Moved back an hour: a second write would move it again, but within 20 s there is none.
      const hourAgo = new Date(Date.now() - HOUR);
      await setPresence(db, user.id, hourAgo);
      expect((await getProfile(user.headers)).statusCode).toBe(200);
      expect((await getProfile(user.headers)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await presenceOf(db, user.id)).toMatchObject({ seenAt: hourAgo, seenBeforeVisit: null });
    });

    it("is in the data export and goes with the account", async () => {
      const user = await createUser(app);
      const seenAt = new Date(Date.now() - HOUR);
      const before = new Date(Date.now() - 3 * DAY);
      await setPresence(db, user.id, seenAt, before);
      const { sections } = await buildExportFile(app.ctx.exportSections, db, user.id, "http://localhost");
      expect(sections.progress).toMatchObject({
        presence: { seenAt: seenAt.toISOString(), seenBeforeVisit: before.toISOString() },
      });
      expect((await deleteOwnAccount(app, user)).statusCode).toBe(200);
      expect(await presenceOf(db, user.id)).toBeUndefined();
    });
  });
}

presenceSuite("pglite");
if (process.env.TEST_DATABASE_URL) presenceSuite("postgres");
