import { describe, expect, it } from "vitest";
import { streakStatusText } from "./streak-status.ts";

describe("streak status text", () => {
  it("explains each streak status", () => {
    expect(streakStatusText("done", 3)).toBe("Extended today. Come back tomorrow to make it 4.");
    expect(streakStatusText("alive", 3)).toMatch(/today to keep it going/);
    expect(streakStatusText("none", 0)).toMatch(/Complete a lesson to start one/);
    expect(streakStatusText("broken", 0)).toMatch(/broken/);
  });
});
