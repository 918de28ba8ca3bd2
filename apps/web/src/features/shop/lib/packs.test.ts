import { describe, expect, it } from "vitest";
import { readPacks } from "./packs.ts";

describe("readPacks", () => {
  it("reads a list of packs with a price id, NeonBits and a price", () => {
    expect(
      readPacks([
        { priceId: "price_500", neonbits: 500, unitAmount: 499, currency: "usd", name: "500 NeonBits" },
        { id: "price_1200", neonbits: 1200, price: "$9.99" },
      ]),
    ).toEqual([
      { priceId: "price_500", neonbits: 500, price: "$4.99", name: "500 NeonBits" },
      { priceId: "price_1200", neonbits: 1200, price: "$9.99", name: "1200 NeonBits" },
    ]);
  });

  it("reads a list inside an object and skips what it can not read", () => {
    expect(readPacks({ products: [{ priceId: "p", neonbits: 2600 }, { name: "no price id" }, 7] })).toEqual([
      { priceId: "p", neonbits: 2600, price: null, name: "2600 NeonBits" },
    ]);
  });

  it("reads the payments module's answer (GET stripe/currency-product: the packs are its prices)", () => {
    const answer = {
      id: "prod_neonbits",
      name: "NeonBits",
      description: "Packs of NeonBits",
      prices: [{ id: "price_neonbits_500", neonbits: 500, amount: 499, currency: "usd" }],
    };
    expect(readPacks(answer)).toEqual([
      { priceId: "price_neonbits_500", neonbits: 500, price: "$4.99", name: "500 NeonBits" },
    ]);
  });

  it("answers an empty list for anything else", () => {
    expect(readPacks(null)).toEqual([]);
    expect(readPacks("nope")).toEqual([]);
    expect(readPacks({ products: "x" })).toEqual([]);
  });
});
