import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { drawWinners, entriesHash, sha256Hex } from "./giveaway-draw.ts";

describe("the giveaway draw", () => {
  it("hashes as SHA-256 does", async () => {
    expect(await sha256Hex("neon")).toBe(createHash("sha256").update("neon").digest("hex"));
    expect(await entriesHash(["b", "a"])).toBe(createHash("sha256").update("a\nb").digest("hex"));
  });

  it("is the same for the same seed and tickets in any order, and differs for another seed", async () => {
    const tickets = Array.from({ length: 40 }, (_, i) => `t${i.toString().padStart(2, "0")}`);
    const a = await drawWinners("seed-1", tickets, 3);
    expect(await drawWinners("seed-1", [...tickets].reverse(), 3)).toEqual(a);
    expect(new Set(a).size).toBe(3);
    expect(await drawWinners("seed-2", tickets, 3)).not.toEqual(a);
  });

  it("follows the published rule step by step", async () => {
    const tickets = ["c", "a", "b"];
    const list = await entriesHash(tickets);
    const h0 = BigInt(`0x${createHash("sha256").update(`s:${list}:0`).digest("hex")}`);
    const first = ["a", "b", "c"][Number(h0 % 3n)];
    expect((await drawWinners("s", tickets, 1))[0]).toBe(first);
  });

  it("draws no more winners than entries, and none from none", async () => {
    expect(await drawWinners("s", ["only"], 5)).toEqual(["only"]);
    expect(await drawWinners("s", [], 2)).toEqual([]);
  });
});
