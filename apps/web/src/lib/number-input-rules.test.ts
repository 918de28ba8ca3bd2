import { describe, expect, it } from "vitest";
import {
  allowsNegative,
  clampNumber,
  numberForKey,
  parseNumberText,
  sanitizeNumberText,
} from "./number-input-rules.ts";

describe("number input rules", () => {
  it("allows a minus sign only when min is absent or negative", () => {
    expect(allowsNegative({})).toBe(true);
    expect(allowsNegative({ min: -5 })).toBe(true);
    expect(allowsNegative({ min: 0 })).toBe(false);
    expect(allowsNegative({ min: 8 })).toBe(false);
    expect(sanitizeNumberText("-12", { min: 0, max: 100 })).toBe("12");
    expect(sanitizeNumberText("-12", { min: -20 })).toBe("-12");
    expect(sanitizeNumberText("-12", {})).toBe("-12");
    expect(sanitizeNumberText("1-2a3", {})).toBe("123");
    expect(sanitizeNumberText("-", { min: 0 })).toBe("");
  });

  it("parses text, treating empty and a lone minus as no value", () => {
    expect(parseNumberText("")).toBeNull();
    expect(parseNumberText("-")).toBeNull();
    expect(parseNumberText("042")).toBe(42);
    expect(parseNumberText("-7")).toBe(-7);
  });

  it("clamps to min and max", () => {
    expect(clampNumber(150, { min: 0, max: 100 })).toBe(100);
    expect(clampNumber(-3, { min: 0, max: 100 })).toBe(0);
    expect(clampNumber(55, { min: 0, max: 100 })).toBe(55);
    expect(clampNumber(-1e9, {})).toBe(-1e9);
  });

  it("spins with the arrow keys within the bounds", () => {
    const bounds = { min: 0, max: 100, step: 1 };
    expect(numberForKey("ArrowUp", 20, bounds)).toBe(21);
    expect(numberForKey("ArrowDown", 20, bounds)).toBe(19);
    expect(numberForKey("ArrowUp", 100, bounds)).toBe(100);
    expect(numberForKey("ArrowDown", 0, bounds)).toBe(0);
    expect(numberForKey("ArrowUp", 20, { ...bounds, step: 5 })).toBe(25);
    expect(numberForKey("ArrowUp", null, { min: 8, max: 40 })).toBe(8);
    expect(numberForKey("ArrowDown", 150, bounds)).toBe(100);
  });

  it("jumps to min with Home and to max with End; other keys do nothing", () => {
    expect(numberForKey("Home", 50, { min: 0, max: 100 })).toBe(0);
    expect(numberForKey("End", 50, { min: 0, max: 100 })).toBe(100);
    expect(numberForKey("Home", 50, {})).toBeUndefined();
    expect(numberForKey("a", 50, { min: 0, max: 100 })).toBeUndefined();
  });
});
