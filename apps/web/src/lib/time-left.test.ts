import { describe, expect, it } from "vitest";
import { timeLeft } from "./time-left.ts";

describe("timeLeft", () => {
  it("names the two largest units", () => {
    expect(timeLeft(3 * 86_400_000 + 2 * 3_600_000, 0)).toBe("3 d 2 h");
    expect(timeLeft(3_600_000 + 4 * 60_000, 0)).toBe("1 h 4 min");
    expect(timeLeft(59 * 60_000 + 12_000, 0)).toBe("59 min 12 s");
    expect(timeLeft(12_500, 0)).toBe("12 s");
  });

  it("says 0 s once the end has passed", () => {
    expect(timeLeft(1000, 5000)).toBe("0 s");
  });
});
