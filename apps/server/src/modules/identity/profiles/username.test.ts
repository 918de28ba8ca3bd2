import { describe, expect, it } from "vitest";
import { USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from "@neonlab/shared/constants";
import { usernameBase, usernameCandidates } from "./username.ts";

const valid = (name: string) =>
  name.length >= USERNAME_MIN && name.length <= USERNAME_MAX && USERNAME_PATTERN.test(name);

describe("usernameBase", () => {
  it("slugs the display name", () => {
    expect(usernameBase("Ada Lovelace", "x@example.test")).toBe("ada-lovelace");
    expect(usernameBase("  Émile   Zola!! ", "x@example.test")).toBe("emile-zola");
    expect(usernameBase("snake_case-Name", "x@example.test")).toBe("snake_case-name");
  });

  it("falls back to the e-mail's local part", () => {
    expect(usernameBase("", "Neo.Anderson+lab@example.test")).toBe("neo-anderson-lab");
    expect(usernameBase(undefined, "trinity@example.test")).toBe("trinity");
  });

  it("pads short and empty results to the minimum length", () => {
    for (const [name, email] of [
      ["Al", "al@example.test"],
      ["李雷", "李@example.test"],
      ["!!!", "!@example.test"],
      ["", "a@example.test"],
    ] as const) {
      const base = usernameBase(name, email);
      expect(valid(base), `${name} → ${base}`).toBe(true);
    }
  });

  it("leaves room for a suffix within the maximum length", () => {
    const base = usernameBase("x".repeat(100), "x@example.test");
    expect(base.length).toBeLessThanOrEqual(USERNAME_MAX - 6);
    expect(valid(base)).toBe(true);
  });
});

describe("usernameCandidates", () => {
  it("tries the base, then numeric suffixes, always within the rules", () => {
    const base = usernameBase("y".repeat(100), "y@example.test");
    const candidates = usernameCandidates(base);
    const first = Array.from({ length: 40 }, () => candidates.next().value as string);
    expect(first.slice(0, 3)).toEqual([base, `${base}2`, `${base}3`]);
    expect(new Set(first).size).toBeGreaterThan(35);
    for (const name of first) expect(valid(name), name).toBe(true);
  });
});
