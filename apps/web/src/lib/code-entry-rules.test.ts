import { describe, expect, it } from "vitest";
import { formatCode, isCompleteCode, normalizeCode } from "./code-entry-rules.ts";

describe("code entry rules", () => {
  it("keeps digits only and cuts pasted text to six", () => {
    expect(normalizeCode("123456789")).toBe("123456");
    expect(normalizeCode(" 12-34 56 ")).toBe("123456");
    expect(normalizeCode("Your code: 987 654")).toBe("987654");
    expect(normalizeCode("ab")).toBe("");
  });

  it("shows a dash after the third digit", () => {
    expect(formatCode("")).toBe("");
    expect(formatCode("123")).toBe("123");
    expect(formatCode("1234")).toBe("123-4");
    expect(formatCode("123456")).toBe("123-456");
  });

  it("is complete with exactly six digits", () => {
    expect(isCompleteCode("123456")).toBe(true);
    expect(isCompleteCode("12345")).toBe(false);
    expect(isCompleteCode("1234567")).toBe(false);
    expect(isCompleteCode("12345a")).toBe(false);
  });
});
