import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { drawWinners, entriesHash, sha256Hex } from "@neonlab/shared/giveaway-draw";
import { describe, expect, it } from "vitest";
import type { App } from "../../../app.ts";
import { setRoleCommand } from "../../../cli/admin.ts";
import { listen, statusCounts } from "../../../test/burst.ts";
import { createTestApp } from "../../../test/test-app.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { expectBooksBalance } from "../../wallet/ledger/test-helpers.ts";
import { drawRound } from "./draw.ts";
import { giveawayEntries, giveawayRounds } from "./schema.ts";

const N = 50;

async function makeAdmin(app: App): Promise<TestUser> {
  const admin = await createUser(app, { displayName: "Giveaway Admin" });
  await setRoleCommand(
    { db: app.ctx.db, transaction: app.ctx.transaction, auth: await app.ctx.auth.ready() },
    { email: admin.email, role: "admin" },
  );
  return admin;
}

const createRound = (app: App, admin: TestUser, body: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/admin/giveaways", headers: admin.headers, payload: body });

const enter = (app: App, user: TestUser, key = randomUUID()) =>
  app.inject({ method: "POST", url: "/api/giveaway/enter", headers: { ...user.headers, "idempotency-key": key } });

/** Moves a round's end into the past, as if its time had run out. */
async function endRound(app: App, roundId: number) {
  await app.ctx.db
    .update(giveawayRounds)
    .set({ startsAt: new Date(Date.now() - 120_000), endsAt: new Date(Date.now() - 1000) })
    .where(eq(giveawayRounds.id, roundId));
}

describe("the giveaway (PGlite)", async () => {
  const app = await createTestApp();
  const db = app.ctx.db;
  const admin = await makeAdmin(app);
  const won: { userId: string; roundId: number; prize: number }[] = [];
  app.ctx.events.onAfterCommit("giveaway.won", (e) => {
    won.push(e);
  });

  it("lets only admins create rounds, with readable 400s for bad input", async () => {
    const user = await createUser(app);
    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    expect((await createRound(app, user, { title: "Weekly", prize: 100, winners: 1, endsAt })).statusCode).toBe(403);
    const bad = await createRound(app, admin, { title: "Weekly", prize: 0, winners: 1, endsAt });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("prize must be at least 1 NeonBit");
    const past = await createRound(app, admin, {
      title: "Weekly",
      prize: 10,
      winners: 1,
      endsAt: new Date(Date.now() - 1000).toISOString(),
      startsAt: new Date(Date.now() - 5000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe("endsAt must be in the future");
  });

  it("enters once per round, draws verifiably at the end and pays each winner once", async () => {
    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = await createRound(app, admin, { title: "Round one", prize: 500, winners: 2, endsAt });
    expect(created.statusCode, created.body).toBe(201);
    const round = created.json();
    expect(round).toMatchObject({ seed: null, entriesHash: null, drawnAt: null, entryCount: 0 });
    expect(round.seedHash).toMatch(/^[0-9a-f]{64}$/);

    const users = [await createUser(app), await createUser(app), await createUser(app)];
    for (const user of users) {
      const res = await enter(app, user);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().entry.ticket).toMatch(/^[0-9a-f]{16}$/);
    }
    const twice = await enter(app, users[0]!);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("You have already entered this round. One entry per round.");
    const state = await app.inject({ method: "GET", url: "/api/giveaway", headers: users[1]!.headers });
    expect(state.json()).toMatchObject({ current: { id: round.id, entryCount: 3, seed: null } });

    await endRound(app, round.id);
    expect(await drawRound(app.ctx.transaction, round.id)).toBe("drawn");
    expect(await drawRound(app.ctx.transaction, round.id)).toBe("already-drawn");

    const page = await app.inject({ method: "GET", url: "/api/giveaway/rounds?limit=5" });
    const drawn = page.json().rounds.find((r: { id: number }) => r.id === round.id);
    expect(drawn.entryCount).toBe(3);
    expect(await sha256Hex(drawn.seed)).toBe(round.seedHash);
    const tickets = (await app.inject({ method: "GET", url: `/api/giveaway/rounds/${round.id}/tickets` })).json();
    expect(tickets.next).toBeNull();
    expect(await entriesHash(tickets.tickets)).toBe(drawn.entriesHash);
    // Keyset pages: all of them together are the same sorted list.
    const url = `/api/giveaway/rounds/${round.id}/tickets`;
    const first = (await app.inject({ method: "GET", url: `${url}?limit=2` })).json();
    expect(first.tickets).toEqual(tickets.tickets.slice(0, 2));
    expect(first.next).toBe(tickets.tickets[1]);
    const second = (await app.inject({ method: "GET", url: `${url}?limit=2&after=${first.next}` })).json();
    expect(second).toMatchObject({ tickets: tickets.tickets.slice(2), next: null });
    for (const [query, message] of [
      ["limit=0", "limit must be at least 1"],
      ["limit=1001", "limit must be at most 1000"],
      ["after=%27%3B--", "after must be the next value of a previous page"],
    ]) {
      const bad = await app.inject({ method: "GET", url: `${url}?${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().message).toContain(message);
    }
    // Anyone can repeat the draw from what is published.
    const expected = await drawWinners(drawn.seed, tickets.tickets, 2);
    expect(drawn.winnerList.map((w: { ticket: string }) => w.ticket)).toEqual(expected);
    expect(drawn.winnerList.every((w: { username: string | null }) => typeof w.username === "string")).toBe(true);

    const winners = await db.select().from(giveawayEntries).where(eq(giveawayEntries.roundId, round.id));
    const winnerIds = winners.filter((e) => expected.includes(e.ticket)).map((e) => e.userId);
    for (const user of users) {
      const { neonbits } = await expectBooksBalance(db, user.id);
      expect(neonbits).toBe(winnerIds.includes(user.id) ? 500 : 0);
    }
    expect(
      won
        .filter((e) => e.roundId === round.id)
        .map((e) => e.userId)
        .sort(),
    ).toEqual([...winnerIds].sort());
    // Each winner is notified once, with the prize.
    for (const user of users) {
      const list = (await app.inject({ method: "GET", url: "/api/notifications", headers: user.headers })).json();
      const wins = list.items.filter((n: { kind: string }) => n.kind === "giveaway_won");
      expect(wins, user.id).toHaveLength(winnerIds.includes(user.id) ? 1 : 0);
      if (wins.length) expect(wins[0].data).toMatchObject({ prize: 500, round_id: round.id });
    }
  });

  it("refuses entries when no round is open, and hides tickets before the draw", async () => {
    const user = await createUser(app);
    const res = await enter(app, user);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("No giveaway round is open right now. Come back when the next one starts.");
    const endsAt = new Date(Date.now() + 60_000).toISOString();
    const round = (await createRound(app, admin, { title: "Hidden", prize: 5, winners: 1, endsAt })).json();
    const tickets = await app.inject({ method: "GET", url: `/api/giveaway/rounds/${round.id}/tickets` });
    expect(tickets.statusCode).toBe(404);
    await endRound(app, round.id);
    await drawRound(app.ctx.transaction, round.id);
  });

  it("draws by the pg-boss job at the round's end and opens the next round of a repeating one", async () => {
    const user = await createUser(app);
    const endsAt = new Date(Date.now() + 1500).toISOString();
    const round = (
      await createRound(app, admin, { title: "Quick", prize: 40, winners: 1, endsAt, repeatDays: 7 })
    ).json();
    expect((await enter(app, user)).statusCode).toBe(200);
    for (let i = 0; i < 60; i++) {
      const [row] = await db.select().from(giveawayRounds).where(eq(giveawayRounds.id, round.id));
      if (row?.drawnAt) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await expectBooksBalance(db, user.id)).neonbits).toBe(40);
    const next = await app.inject({ method: "GET", url: "/api/giveaway" });
    expect(next.json().current).toMatchObject({ title: "Quick", prize: 40, repeatDays: 7, drawnAt: null });
    expect(Date.parse(next.json().current.endsAt) - Date.parse(endsAt)).toBe(7 * 86_400_000);
  });
});

function raceSuite(kind: "pglite" | "postgres") {
  describe(`${N} concurrent entries of one user (${kind})`, async () => {
    const app = await createTestApp({ kind });
    const base = await listen(app);
    const admin = await makeAdmin(app);

    it("make exactly one entry", async () => {
      const endsAt = new Date(Date.now() + 3_600_000).toISOString();
      const round = (await createRound(app, admin, { title: "Race", prize: 10, winners: 1, endsAt })).json();
      const user = await createUser(app);
      const results = await Promise.all(
        Array.from({ length: N }, async () => {
          const res = await fetch(`${base}/api/giveaway/enter`, {
            method: "POST",
            headers: { ...user.headers, "idempotency-key": randomUUID() },
          });
          return { status: res.status };
        }),
      );
      expect(statusCounts(results)).toEqual({ 200: 1, 409: N - 1 });
      const rows = await app.ctx.db.select().from(giveawayEntries).where(eq(giveawayEntries.roundId, round.id));
      expect(rows).toHaveLength(1);
    });
  });
}

raceSuite("pglite");
if (process.env.TEST_DATABASE_URL) raceSuite("postgres");
