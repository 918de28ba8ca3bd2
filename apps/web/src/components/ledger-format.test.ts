import { describe, expect, it } from "vitest";
import { formatAmount } from "./ledger-format.ts";

describe("ledger formatting", () => {
  it("signs amounts and names their unit", () => {
    expect(formatAmount({ kind: "xp", amount: 10 })).toBe("+10 XP");
    expect(formatAmount({ kind: "neonbits", amount: -1200 })).toBe("−1,200 NeonBits");
    expect(formatAmount({ kind: "streak", amount: 1 })).toBe("+1 day");
    expect(formatAmount({ kind: "streak", amount: -5 })).toBe("−5 days");
    expect(formatAmount({ kind: "xp", amount: 0 })).toBe("±0 XP");
  });
});
