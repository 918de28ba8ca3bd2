import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, applyCompletion, emptyStreak, type StreakState } from "./streak.ts";
import { dayEnd, dayStart, streakDays } from "./streak-zone.ts";

const MINUS_12 = "Etc/GMT+12"; // POSIX sign: UTC−12
const PLUS_14 = "Etc/GMT-14"; // UTC+14
const ZONES = [
  "UTC",
  MINUS_12,
  PLUS_14,
  "America/New_York",
  "America/Santiago",
  "Europe/London",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "Pacific/Apia",
];
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

type Stored = { state: StreakState; dayZone: string | null };

/** A completion as the server runs it: carry the dates over, complete, store when extended or carried over. */
function complete(stored: Stored, settingZone: string, at: number) {
  const days = streakDays(stored.state, stored.dayZone, settingZone, new Date(at));
  const outcome = applyCompletion(days.state, days.today, days.zone);
  const next = outcome.extended || days.moved ? { state: outcome.state, dayZone: days.zone } : stored;
  return { days, outcome, next };
}

function run(
  steps: { zone: string; at: string | number }[],
  initial: Stored = { state: emptyStreak(), dayZone: null },
) {
  let stored = initial;
  return steps.map(({ zone, at }) => {
    const step = complete(stored, zone, typeof at === "number" ? at : Date.parse(at));
    stored = step.next;
    return step;
  });
}

describe("day boundaries", () => {
  it("finds where local days start and end, across DST and skipped days", () => {
    const bounds = (day: string, zone: string) => [iso(dayStart(day, zone)), iso(dayEnd(day, zone))];
    expect(bounds("2026-03-08", "America/New_York")).toEqual(["2026-03-08T05:00:00.000Z", "2026-03-09T04:00:00.000Z"]);
    expect(bounds("2026-11-01", "America/New_York")).toEqual(["2026-11-01T04:00:00.000Z", "2026-11-02T05:00:00.000Z"]);
    expect(bounds("2026-03-29", "Europe/London")).toEqual(["2026-03-29T00:00:00.000Z", "2026-03-29T23:00:00.000Z"]);
    expect(bounds("2026-10-25", "Europe/London")).toEqual(["2026-10-24T23:00:00.000Z", "2026-10-26T00:00:00.000Z"]);
    // Santiago's spring-forward day starts at 01:00; Samoa skipped 2011-12-30.
    expect(bounds("2026-09-06", "America/Santiago")).toEqual(["2026-09-06T04:00:00.000Z", "2026-09-07T03:00:00.000Z"]);
    expect(bounds("2011-12-29", "Pacific/Apia")).toEqual(["2011-12-29T10:00:00.000Z", "2011-12-30T10:00:00.000Z"]);
    expect(bounds("2026-11-25", MINUS_12)).toEqual(["2026-11-25T12:00:00.000Z", "2026-11-26T12:00:00.000Z"]);
    expect(bounds("2026-11-25", PLUS_14)).toEqual(["2026-11-24T10:00:00.000Z", "2026-11-25T10:00:00.000Z"]);
  });
});

describe("streaks across time-zone changes (examples)", () => {
  it("switching zones between completions within a second counts one day", () => {
    const at = "2026-11-25T11:00:00.000Z"; // 23:00 on the 24th at UTC−12, 01:00 on the 26th at UTC+14
    const steps = run([
      { zone: MINUS_12, at },
      { zone: "UTC", at },
      { zone: PLUS_14, at },
      { zone: MINUS_12, at },
      { zone: PLUS_14, at },
    ]);
    expect(steps.map((s) => s.outcome.state.count)).toEqual([1, 1, 1, 1, 1]);
    expect(steps.map((s) => s.outcome.extended)).toEqual([true, false, false, false, false]);
    for (const { outcome, days } of steps) expect(outcome.state.lastUpdated! <= days.today).toBe(true);
  });

  it("moving east during a kept day waits for that day's real end", () => {
    const steps = run([
      { zone: MINUS_12, at: "2026-11-25T12:30:00Z" }, // day 25 at UTC−12, until 26th 12:00Z
      { zone: PLUS_14, at: "2026-11-25T13:00:00Z" }, // 26th at UTC+14: still the kept day
      { zone: PLUS_14, at: "2026-11-26T11:00:00Z" }, // 27th at UTC+14 started before the kept day ended
      { zone: PLUS_14, at: "2026-11-27T10:00:00Z" }, // 28th at UTC+14: a new day
    ]);
    expect(steps.map((s) => [s.days.zone, s.days.today, s.outcome.state.count])).toEqual([
      [MINUS_12, "2026-11-25", 1],
      [MINUS_12, "2026-11-25", 1],
      [PLUS_14, "2026-11-27", 1],
      [PLUS_14, "2026-11-28", 2],
    ]);
  });

  it("moving west never counts the same real day twice nor breaks the streak", () => {
    const steps = run([
      { zone: PLUS_14, at: "2026-11-25T09:00:00Z" }, // the 25th at UTC+14, ends 10:00Z
      { zone: MINUS_12, at: "2026-11-25T11:00:00Z" }, // the 24th at UTC−12: holds the kept day's end
      { zone: MINUS_12, at: "2026-11-25T12:00:00Z" }, // the 25th at UTC−12: starts after it ended
    ]);
    expect(steps.map((s) => [s.days.today, s.outcome.view.status, s.outcome.state.count])).toEqual([
      ["2026-11-25", "none", 1],
      ["2026-11-24", "done", 1],
      ["2026-11-25", "alive", 2],
    ]);
  });

  it("a completion on a day that overlaps the kept day keeps that day too", () => {
    // Kept: the 25th at UTC (ends 26th 00:00Z). At UTC−12 the 25th runs until the 26th 12:00Z and holds a completion.
    const steps = run([
      { zone: "UTC", at: "2026-11-25T20:00:00Z" },
      { zone: MINUS_12, at: "2026-11-26T02:00:00Z" },
      { zone: PLUS_14, at: "2026-11-27T11:00:00Z" }, // the 28th at UTC+14; its yesterday began 26th 10:00Z
    ]);
    expect(steps.map((s) => s.outcome.view.status)).toEqual(["none", "done", "alive"]);
    expect(steps.at(-1)?.outcome.state.count).toBe(2);
  });

  it("keeps the streak across New York's DST days when switching to London and back", () => {
    const spring = run([
      { zone: "America/New_York", at: "2026-03-08T20:00:00-04:00" }, // 23-hour day, ends 04:00Z
      { zone: "Europe/London", at: "2026-03-09T01:00:00Z" }, // London's 9th started before it ended
      { zone: "Europe/London", at: "2026-03-10T00:30:00Z" },
      { zone: "America/New_York", at: "2026-03-10T23:00:00-04:00" },
    ]);
    expect(spring.map((s) => s.outcome.state.count)).toEqual([1, 1, 2, 2]);
    expect(spring.map((s) => s.outcome.view.status)).toEqual(["none", "done", "alive", "done"]);
    const fall = run([
      { zone: "Europe/London", at: "2026-11-01T23:30:00Z" }, // London's 1st ends 2nd 00:00Z
      { zone: "America/New_York", at: "2026-11-01T23:40:00-05:00" }, // the 25-hour day, ends 2nd 05:00Z
      { zone: "Europe/London", at: "2026-11-02T04:50:00Z" },
      { zone: "Europe/London", at: "2026-11-03T00:10:00Z" },
    ]);
    expect(fall.map((s) => s.outcome.state.count)).toEqual([1, 1, 1, 2]);
    expect(fall.map((s) => s.outcome.view.status)).toEqual(["none", "done", "done", "alive"]);
  });

  it("carries a freeze's day over by its first instant", () => {
    const state: StreakState = { count: 4, lastUpdated: "2026-11-24", freezeOn: true, frozenOn: "2026-11-25" };
    const days = streakDays(state, PLUS_14, MINUS_12, new Date("2026-11-27T13:00:00Z"));
    expect(days).toMatchObject({ zone: MINUS_12, today: "2026-11-27", moved: true });
    expect(days.state).toMatchObject({ lastUpdated: "2026-11-23", frozenOn: "2026-11-23" });
  });

  it("reads rows without a stored zone in the zone setting", () => {
    const state: StreakState = { ...emptyStreak(), count: 2, lastUpdated: "2026-11-24" };
    expect(streakDays(state, null, PLUS_14, new Date("2026-11-25T12:00:00Z"))).toEqual({
      state,
      zone: PLUS_14,
      today: "2026-11-26",
      moved: false,
    });
  });
});

describe("streaks across time-zone changes (property-based)", () => {
  const completions = fc.record({
    start: fc.integer({ min: Date.parse("2011-12-01T00:00:00Z"), max: Date.parse("2035-01-01T00:00:00Z") }),
    steps: fc.array(
      fc.record({
        zone: fc.constantFrom(...ZONES),
        gap: fc.oneof(fc.integer({ min: 0, max: 2 * HOUR }), fc.integer({ min: 0, max: 50 * HOUR })),
      }),
      { minLength: 2, maxLength: 40 },
    ),
  });

  it("counted days never overlap in real time, last_updated is never after today, and a break needs a whole day without completions", () => {
    fc.assert(
      fc.property(completions, ({ start, steps }) => {
        let stored: Stored = { state: emptyStreak(), dayZone: null };
        let at = start;
        let previousAt: number | null = null;
        let countedEnd = Number.NEGATIVE_INFINITY;
        for (const { zone, gap } of steps) {
          at += gap;
          const { days, outcome, next } = complete(stored, zone, at);
          expect(outcome.state.lastUpdated! <= days.today).toBe(true);
          if (outcome.extended) {
            expect(dayStart(days.today, days.zone)).toBeGreaterThanOrEqual(countedEnd);
            countedEnd = dayEnd(days.today, days.zone);
          }
          if (outcome.restarted && previousAt !== null) {
            expect(previousAt).toBeLessThan(dayStart(addDays(days.today, -1), days.zone));
          }
          previousAt = at;
          stored = next;
        }
      }),
      { numRuns: 300 },
    );
  });
});
