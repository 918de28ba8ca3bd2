import { randomUUID } from "node:crypto";
import { rankSchema } from "@neonlab/shared/schemas/progress";
import { EDITOR_DEFAULTS } from "@neonlab/shared/constants";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-app.ts";
import { createUser } from "../../test/users.ts";
import { users } from "../identity/accounts/schema.ts";
import { ledger } from "../wallet/ledger/schema.ts";
import { profiles } from "../identity/profiles/schema.ts";
import { weekStart } from "./rank-service.ts";

describe("rank", async () => {
  const app = await createTestApp();
  const db = app.ctx.db;
  const monday = weekStart(new Date());

  /** Inserts a learner directly (faster than 60 sign-ups) with all-time XP and XP events at given times. */
  async function learner(name: string, xp: number, events: { amount: number; at: Date }[] = []) {
    const id = randomUUID();
    await db.insert(users).values({ id, name, email: `${id}@example.test`, emailVerified: true });
    await db
      .insert(profiles)
      .values({ id, displayName: name, username: name, editorPreferences: { ...EDITOR_DEFAULTS }, xp });
    for (const [i, e] of events.entries()) {
      await db.insert(ledger).values({
        userId: id,
        kind: "xp",
        amount: e.amount,
        reason: "test",
        reference: `${i}`,
        description: "t",
        createdAt: e.at,
      });
    }
    return id;
  }

  const lastWeek = new Date(monday.getTime() - 60_000);
  const thisWeek = new Date(monday.getTime() + 60_000);
  const ids: string[] = [];
  for (let i = 0; i < 55; i++) {
    ids.push(
      await learner(`learner-${String(i).padStart(2, "0")}`, 1000 - i * 10, [
        { amount: 500, at: lastWeek },
        { amount: 100 + i, at: thisWeek },
      ]),
    );
  }
  const tied = await learner("tied-with-00", 1000);

  it("ranks all-time XP: top 50, ties share a position, the caller's row even outside the top 50", async () => {
    const me = await createUser(app);
    const res = await app.inject({ method: "GET", url: "/api/rank?period=all", headers: me.headers });
    const rank = rankSchema.parse(res.json());
    expect(rank.entries).toHaveLength(50);
    expect(rank.entries.slice(0, 3).map((e) => [e.position, e.username, e.xp])).toEqual([
      [1, "learner-00", 1000],
      [1, "tied-with-00", 1000],
      [3, "learner-01", 990],
    ]);
    expect(rank.entries.some((e) => e.user_id === tied)).toBe(true);
    expect(rank.me).toMatchObject({ user_id: me.id, xp: 0, position: 57 });
    const anonymous = rankSchema.parse((await app.inject({ method: "GET", url: "/api/rank" })).json());
    expect(anonymous).toMatchObject({ period: "all", since: null, me: null });
  });

  it("ranks this week's XP since Monday 00:00 UTC", async () => {
    const res = await app.inject({ method: "GET", url: "/api/rank?period=week", headers: {} });
    const rank = rankSchema.parse(res.json());
    expect(rank.since).toBe(monday.toISOString());
    expect(rank.entries[0]).toMatchObject({ username: "learner-54", xp: 154, position: 1 });
    expect(rank.entries).toHaveLength(50);
    expect(rank.entries.every((e) => e.xp < 500)).toBe(true);
    const me = await createUser(app);
    const mine = rankSchema.parse(
      (await app.inject({ method: "GET", url: "/api/rank?period=week", headers: me.headers })).json(),
    );
    expect(mine.me).toMatchObject({ xp: 0, position: 56 });
    expect((await app.inject({ method: "GET", url: "/api/rank?period=month" })).statusCode).toBe(400);
    expect(ids).toHaveLength(55);
  });

  it("finds Monday 00:00 UTC for any day of the week", () => {
    expect(weekStart(new Date("2024-06-10T00:00:00Z")).toISOString()).toBe("2024-06-10T00:00:00.000Z"); // Monday
    expect(weekStart(new Date("2024-06-16T23:59:59Z")).toISOString()).toBe("2024-06-10T00:00:00.000Z"); // Sunday
    expect(weekStart(new Date("2024-06-12T08:00:00Z")).toISOString()).toBe("2024-06-10T00:00:00.000Z");
  });
});
