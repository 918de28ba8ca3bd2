import type { Rank, RankEntry } from "@neonlab/shared/schemas/progress";
import { describe, expect, it } from "vitest";
import { rankRows } from "./rank-rows.ts";

const entry = (id: string, position: number, xp: number): RankEntry => ({
  position,
  user_id: id,
  username: id,
  display_name: id.toUpperCase(),
  avatar: null,
  xp,
});

describe("rankRows", () => {
  it("marks the caller's row inside the top list and pins nothing", () => {
    const rank: Rank = {
      period: "all",
      since: null,
      entries: [entry("a", 1, 90), entry("me", 2, 50)],
      me: entry("me", 2, 50),
    };
    const { rows, pinned } = rankRows(rank);
    expect(rows.map((r) => r.isMe)).toEqual([false, true]);
    expect(pinned).toBeNull();
  });

  it("pins the caller's row below the list when outside the top 50", () => {
    const entries = Array.from({ length: 50 }, (_, i) => entry(`u${i}`, i + 1, 1000 - i));
    const { rows, pinned } = rankRows({
      period: "week",
      since: "2025-01-06T00:00:00Z",
      entries,
      me: entry("me", 77, 3),
    });
    expect(rows.some((r) => r.isMe)).toBe(false);
    expect(pinned).toMatchObject({ user_id: "me", position: 77, isMe: true });
  });

  it("shows no own row for anonymous callers", () => {
    const { rows, pinned } = rankRows({ period: "all", since: null, entries: [entry("a", 1, 5)], me: null });
    expect(rows[0].isMe).toBe(false);
    expect(pinned).toBeNull();
  });
});
