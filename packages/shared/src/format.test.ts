import { describe, expect, it } from "vitest";
import { formatCount, formatMoney } from "./format.ts";

const AMOUNTS = [1, 9, 10, 99, 100, 999, 1000, 1001, 12_345, 99_999, 100_000, 1_234_567, 123_456_789_012];
const SIGNED = [0, ...AMOUNTS, ...AMOUNTS.map((n) => -n)];

describe("formatCount", () => {
  it.each([...SIGNED, Number.MAX_SAFE_INTEGER])("prints %d as Intl's en-US does", (n) => {
    expect(formatCount(n)).toBe(new Intl.NumberFormat("en-US").format(n));
  });

  it("hands a fraction to Intl", () => {
    expect(formatCount(1234.5)).toBe("1,234.5");
  });
});

describe("formatMoney", () => {
  it.each(["usd", "EUR", "gbp"].flatMap((currency) => SIGNED.map((n) => [n, currency] as const)))(
    "prints %d %s as Intl's en-US currency format does",
    (amount, currency) => {
      expect(formatMoney(amount, currency)).toBe(
        new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100),
      );
    },
  );

  it("hands any other currency to Intl", () => {
    expect(formatMoney(123_456, "cad")).toBe(
      new Intl.NumberFormat("en-US", { style: "currency", currency: "CAD" }).format(1234.56),
    );
    expect(formatMoney(999, "chf")).toBe(
      new Intl.NumberFormat("en-US", { style: "currency", currency: "CHF" }).format(9.99),
    );
  });
});
