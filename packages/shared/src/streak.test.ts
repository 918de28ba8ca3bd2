import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  applyCompletion,
  applyReset,
  applySave,
  currentCount,
  daysBetween,
  emptyStreak,
  localDay,
  quoteSave,
  type StreakState,
  viewStreak,
} from "./streak.ts";

const ZONES = [
  "UTC",
  "America/New_York",
  "America/Los_Angeles",
  "America/St_Johns",
  "America/Santiago",
  "Europe/London",
  "Europe/Berlin",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "Australia/Sydney",
  "Pacific/Auckland",
  "Pacific/Chatham",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "Pacific/Apia",
  "Etc/GMT+12",
  "Etc/GMT-14",
];

// Start points around DST changes (both hemispheres) and Samoa's 2011 jump across the date line.
const STARTS = [
  "2024-03-01T00:00:00Z",
  "2024-03-25T00:00:00Z",
  "2024-09-20T00:00:00Z",
  "2024-10-20T00:00:00Z",
  "2011-12-15T00:00:00Z",
  "2023-12-20T00:00:00Z",
].map((s) => Date.parse(s));

const HOUR = 3_600_000;

/** Consecutive local days of a zone from a start instant, each with the instants (hourly) inside it. */
function localDays(zone: string, start: number, days: number): { day: string; instants: number[] }[] {
  const groups: { day: string; instants: number[] }[] = [];
  for (let t = start; t < start + days * 24 * HOUR; t += HOUR) {
    const day = localDay(new Date(t), zone);
    const last = groups.at(-1);
    if (last?.day === day) last.instants.push(t);
    else groups.push({ day, instants: [t] });
  }
  return groups;
}

const scenario = fc.record({
  zone: fc.constantFrom(...ZONES),
  start: fc.oneof(
    fc.constantFrom(...STARTS),
    fc.integer({ min: Date.parse("2015-01-01T00:00:00Z"), max: Date.parse("2035-01-01T00:00:00Z") }),
  ),
  days: fc.integer({ min: 4, max: 40 }),
  picks: fc.array(fc.nat(), { minLength: 45, maxLength: 45 }),
});

/** Runs completions at the given instants and records what each one did. */
function run(zone: string, instants: number[], initial: StreakState = emptyStreak()) {
  let state = initial;
  return instants.map((t) => {
    const outcome = applyCompletion(state, localDay(new Date(t), zone), zone);
    state = outcome.state;
    return outcome;
  });
}

describe("streak math (property-based)", () => {
  it("a completion every local day never breaks the streak", () => {
    fc.assert(
      fc.property(scenario, ({ zone, start, days, picks }) => {
        const groups = localDays(zone, start, days).slice(1, -1); // whole days only
        const instants = groups.map((g, i) => g.instants[picks[i] % g.instants.length]);
        const outcomes = run(zone, instants);
        outcomes.forEach((o, i) => {
          expect(o.extended).toBe(true);
          expect(o.restarted).toBe(false);
          if (i > 0) expect(o.view.status).toBe("alive");
          expect(o.state.count).toBe(i + 1);
        });
      }),
      { numRuns: 300 },
    );
  });

  it("a missed local day breaks the streak unless a freeze is on", () => {
    fc.assert(
      fc.property(scenario, fc.nat(), fc.boolean(), ({ zone, start, days, picks }, skipSeed, frozen) => {
        const groups = localDays(zone, start, days).slice(1, -1);
        fc.pre(groups.length >= 4);
        const skip = 1 + (skipSeed % (groups.length - 2)); // never the first or the last day
        const kept = groups.filter((_, i) => i !== skip);
        const instants = kept.map((g, i) => g.instants[picks[i] % g.instants.length]);
        const initial: StreakState = frozen
          ? { ...emptyStreak(), freezeOn: true, frozenOn: groups[0].day }
          : emptyStreak();
        const outcomes = run(zone, instants, initial);
        const after = outcomes[skip]; // the completion on the day after the missed one
        if (frozen) {
          expect(after.view.freezeUsed).toBe(true);
          expect(after.view.freezeCoveredDay).toBe(groups[skip].day);
          expect(after.restarted).toBe(false);
          expect(after.state.count).toBe(skip + 1);
          expect(after.state.freezeOn).toBe(false);
          expect(outcomes.at(-1)?.state.count).toBe(kept.length);
        } else {
          expect(after.view.status).toBe("broken");
          expect(after.restarted).toBe(true);
          expect(after.state.count).toBe(1);
          expect(outcomes.at(-1)?.state.count).toBe(kept.length - skip);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("one freeze covers one missed day: two missed days still break the streak", () => {
    fc.assert(
      fc.property(scenario, ({ zone, start, days, picks }) => {
        const groups = localDays(zone, start, days).slice(1, -1);
        fc.pre(groups.length >= 5);
        const kept = [groups[0], groups[1], groups[4]];
        const instants = kept.map((g, i) => g.instants[picks[i] % g.instants.length]);
        const outcomes = run(zone, instants, { ...emptyStreak(), freezeOn: true, frozenOn: groups[0].day });
        expect(outcomes[2].view.freezeUsed).toBe(true);
        expect(outcomes[2].view.status).toBe("broken");
        expect(outcomes[2].state.count).toBe(1);
      }),
      { numRuns: 200 },
    );
  });

  it("two or more completions in one local day count once", () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 2, max: 6 }), ({ zone, start, days, picks }, perDay) => {
        const groups = localDays(zone, start, days).slice(1, -1);
        const instants = groups.flatMap((g, i) =>
          Array.from({ length: perDay }, (_, j) => g.instants[(picks[i] + j * 7) % g.instants.length]).sort(
            (a, b) => a - b,
          ),
        );
        const outcomes = run(zone, instants);
        expect(outcomes.filter((o) => o.extended)).toHaveLength(groups.length);
        expect(outcomes.at(-1)?.state.count).toBe(groups.length);
        for (let i = 0; i < outcomes.length; i++) {
          const firstOfDay = i % perDay === 0;
          expect(outcomes[i].extended).toBe(firstOfDay);
          if (!firstOfDay) expect(outcomes[i].view.status).toBe("done");
        }
      }),
      { numRuns: 200 },
    );
  });

  it("the status follows the days since last_updated: 0 done, 1 alive, 2+ broken", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 500 }),
        (zone, gap, count) => {
          const last = "2024-06-10";
          const view = viewStreak({ ...emptyStreak(), count, lastUpdated: last }, addDays(last, gap), zone);
          expect(view.daysSince).toBe(gap);
          expect(view.status).toBe(gap === 0 ? "done" : gap === 1 ? "alive" : "broken");
          expect(currentCount(view)).toBe(gap >= 2 ? 0 : count);
        },
      ),
    );
  });
});

describe("streak math (examples)", () => {
  it("finds the local day of an instant in zones on both sides of the date line", () => {
    const instant = new Date("2024-01-01T11:30:00Z");
    expect(localDay(instant, "UTC")).toBe("2024-01-01");
    expect(localDay(instant, "Pacific/Kiritimati")).toBe("2024-01-02"); // UTC+14
    expect(localDay(instant, "Pacific/Pago_Pago")).toBe("2024-01-01"); // UTC−11
    expect(localDay(new Date("2024-01-01T10:59:00Z"), "Pacific/Pago_Pago")).toBe("2023-12-31");
  });

  it("keeps the streak across the 23-hour and 25-hour days of New York", () => {
    const zone = "America/New_York";
    const at = ["2024-03-09T23:30:00-05:00", "2024-03-10T00:30:00-05:00", "2024-03-11T23:59:00-04:00"];
    const outcomes = run(
      zone,
      at.map((s) => Date.parse(s)),
    );
    expect(outcomes.map((o) => o.state.count)).toEqual([1, 2, 3]);
    const fall = run(zone, [Date.parse("2024-11-03T00:10:00-04:00"), Date.parse("2024-11-03T23:50:00-05:00")]);
    expect(fall.map((o) => o.extended)).toEqual([true, false]);
  });

  it("does not count the day Samoa skipped in 2011 as missed", () => {
    expect(daysBetween("2011-12-29", "2011-12-31", "Pacific/Apia")).toBe(1);
    expect(daysBetween("2011-12-29", "2011-12-31", "UTC")).toBe(2);
  });

  it("quotes a save at 100 NeonBits per missed day for at most 3 days", () => {
    const state: StreakState = { ...emptyStreak(), count: 12, lastUpdated: "2024-05-01" };
    const quotes = [3, 4, 5, 6].map((d) => quoteSave(viewStreak(state, `2024-05-0${d}`, "UTC")));
    expect(quotes).toEqual([
      { ok: true, missedDays: 1, cost: 100 },
      { ok: true, missedDays: 2, cost: 200 },
      { ok: true, missedDays: 3, cost: 300 },
      { ok: false, reason: "too-late" },
    ]);
    expect(quoteSave(viewStreak(state, "2024-05-02", "UTC"))).toEqual({ ok: false, reason: "not-broken" });
  });

  it("a saved streak continues with today's completion; a reset one starts again at 1", () => {
    const state: StreakState = { ...emptyStreak(), count: 12, lastUpdated: "2024-05-01" };
    const view = viewStreak(state, "2024-05-04", "UTC");
    const saved = applySave(view, "2024-05-04");
    expect(viewStreak(saved, "2024-05-04", "UTC").status).toBe("alive");
    expect(applyCompletion(saved, "2024-05-04", "UTC").state.count).toBe(13);
    const reset = applyReset(view);
    expect(viewStreak(reset, "2024-05-04", "UTC").status).toBe("none");
    expect(applyCompletion(reset, "2024-05-04", "UTC").state.count).toBe(1);
  });

  it("a freeze put on after the missed day does not cover it", () => {
    const state: StreakState = { count: 5, lastUpdated: "2024-05-01", freezeOn: true, frozenOn: "2024-05-03" };
    const view = viewStreak(state, "2024-05-03", "UTC");
    expect(view.freezeUsed).toBe(false);
    expect(view.status).toBe("broken");
  });
});
