import { describe, expect, it } from "vitest";
import { sameClock } from "./time-zone.ts";

describe("sameClock", () => {
  it("holds for two names of one zone, and for zones that keep one clock", () => {
    expect(sameClock("UTC", "Etc/UTC")).toBe(true);
    expect(sameClock("Asia/Calcutta", "Asia/Kolkata")).toBe(true);
    expect(sameClock("America/Los_Angeles", "US/Pacific")).toBe(true);
  });

  it("fails for zones whose clocks differ at any time of the year", () => {
    expect(sameClock("UTC", "America/Los_Angeles")).toBe(false);
    // The same offset in winter, not in summer (Arizona keeps no daylight saving time).
    expect(sameClock("America/Phoenix", "America/Denver")).toBe(false);
    expect(sameClock("UTC", "Mars/Olympus_Mons")).toBe(false);
  });
});
