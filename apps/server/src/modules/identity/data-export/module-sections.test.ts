import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser, type TestUser } from "../../../test/users.ts";
import { blockUser, acceptRequest, requestConnection } from "../../connections/service.ts";
import { makeStranger } from "../../connections/test-helpers.ts";
import { drawRound } from "../../shop/giveaway/draw.ts";
import { giveawayEntries, giveawayRounds } from "../../shop/giveaway/schema.ts";
import { createRound, enterGiveaway } from "../../shop/giveaway/service.ts";
import { createLearningApp, lessonId } from "../../learning/test-helpers.ts";
import { give } from "../../wallet/ledger/test-helpers.ts";
import { createNotification, savePreferences } from "../../notifications/service.ts";
import { buyPack, subscribe } from "../../payments/test-helpers.ts";
import { reportApp, reportLesson } from "../../reports/service.ts";
import { buyShopItem } from "../../shop/service.ts";
import { castStars } from "../../learning/votes/service.ts";
import { readyExport } from "./test-helpers.ts";

/**
 * The sections of the modules that hold a user's activity beyond learning (connections, notifications,
 * reports, votes, shop, giveaway, payments): two users with rows in each; the export of one validates
 * against the published schema, has their rows in every section, and nothing of the other user (nor the
 * ids or e-mails of the people they are connected to). Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
const app = await createLearningApp();
const db = app.ctx.db;
const transaction = app.ctx.transaction;

/** What each user does differently, so that a row of the other user's in an export would show. */
const CHOICES = {
  Alice: {
    course: 101,
    item: "xp_boost_1h",
    off: "giveaway_won",
    plan: "price_pro_monthly",
    pack: "price_neonbits_500",
  },
  Bob: {
    course: 202,
    item: "streak_freeze",
    off: "badge_earned",
    plan: "price_pro_yearly",
    pack: "price_neonbits_2600",
  },
} as const;

/** Rows in every new module for `user`; returns the ids of the people at the other end of their connections. */
async function activity(user: TestUser, tag: keyof typeof CHOICES, lesson: number) {
  const choice = CHOICES[tag];
  const requested = await makeStranger(app.ctx, `${tag} Requested`);
  const requester = await makeStranger(app.ctx, `${tag} Requester`);
  const blocked = await makeStranger(app.ctx, `${tag} Blocked`);
  await requestConnection(transaction, user.id, requested);
  await requestConnection(transaction, requester, user.id);
  await acceptRequest(transaction, user.id, requester);
  await blockUser(transaction, user.id, blocked);
  await createNotification(db, {
    userId: user.id,
    kind: "badge_earned",
    subject: `badge:${tag}`,
    data: { badge_name: `${tag} badge` },
  });
  await savePreferences(db, user.id, { paused: false, disabled: [choice.off] });
  await reportApp(db, user.id, { cause: "bug", description: `${tag} reports that the app is broken.` });
  await reportLesson(db, user.id, lesson, { cause: "unclear", description: `${tag} finds this lesson unclear.` });
  await castStars(db, { userId: user.id, kind: "course", itemId: choice.course, stars: 4 });
  await give(transaction, user.id, "neonbits", 1000, `${tag}-grant`);
  await buyShopItem(db, user.id, choice.item);
  await enterGiveaway(transaction, db, user.id);
  await subscribe(app, user.headers, choice.plan);
  await buyPack(app, user.headers, choice.pack);
  return { requested, requester, blocked };
}

async function published() {
  const res = await app.inject({ method: "GET", url: "/api/docs/export-schema.json" });
  expect(res.statusCode).toBe(200);
  return addFormats(new Ajv2020({ strict: true, allErrors: true })).compile(res.json());
}

describe("personal data export: the sections of connections, notifications, reports, votes, shop, giveaway, payments", () => {
  it("holds the user's own rows in each, valid against the published schema, and nothing of anyone else", async () => {
    const alice = await createUser(app, { displayName: "Alice Sections" });
    const bob = await createUser(app, { displayName: "Bob Elsewhere" });
    const lesson = await lessonId(db, "neon-basics", "first-command");
    const round = await transaction((tx) =>
      createRound(tx, null, {
        title: "Export round",
        prize: 25,
        winners: 2,
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    );
    const alices = await activity(alice, "Alice", lesson);
    const bobs = await activity(bob, "Bob", lesson);
    await db
      .update(giveawayRounds)
      .set({ startsAt: new Date(Date.now() - 60_000), endsAt: new Date(Date.now() - 1000) })
      .where(eq(giveawayRounds.id, round.id));
    expect(await drawRound(transaction, round.id)).toBe("drawn");

    const token = await readyExport(app, alice.id);
    const res = await app.inject({ method: "GET", url: `/api/users/data-export/${token}`, headers: alice.headers });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json();
    const validate = await published();
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    const s = file.sections;

    expect(s.connections.requests).toEqual([
      expect.objectContaining({
        direction: "sent",
        displayName: "Alice Requested",
        state: "pending",
        acceptedAt: null,
      }),
      expect.objectContaining({ direction: "received", displayName: "Alice Requester", state: "accepted" }),
    ]);
    expect(s.connections.blocks).toEqual([expect.objectContaining({ displayName: "Alice Blocked" })]);
    expect(s.notifications.notifications).toContainEqual(
      expect.objectContaining({ kind: "badge_earned", data: { badge_name: "Alice badge" }, read: false }),
    );
    expect(s.notifications.preferences).toEqual({ paused: false, disabledKinds: ["giveaway_won"] });
    expect(s.reports.map((r: { kind: string }) => r.kind)).toEqual(["app", "lesson"]);
    expect(s.reports[1]).toMatchObject({
      cause: "unclear",
      status: "open",
      lesson: { id: lesson, path: "/courses/neon-basics/first-command" },
    });
    expect(s.votes).toEqual([expect.objectContaining({ itemKind: "course", itemId: 101, value: 4 })]);
    expect(s.shop.purchases).toEqual([expect.objectContaining({ item: "xp_boost_1h", price: expect.any(Number) })]);
    expect(s.progress.xpBoost?.endsAt).toEqual(expect.any(String));
    expect(s.giveaway.entries).toEqual([expect.objectContaining({ roundId: round.id, roundTitle: "Export round" })]);
    expect(s.giveaway.wins).toEqual([
      expect.objectContaining({ roundId: round.id, ticket: s.giveaway.entries[0].ticket, prize: 25 }),
    ]);
    expect(s.payments.subscriptions).toEqual([
      expect.objectContaining({
        plan: "price_pro_monthly",
        interval: "month",
        status: "active",
        cancelAtPeriodEnd: false,
      }),
    ]);
    // The first month of Pro monthly (9.99) and the 500 NeonBits pack (4.99); Bob's yearly plan and pack are his.
    expect(s.payments.billing.map((b: { amount: number }) => b.amount).sort()).toEqual([499, 999]);
    for (const b of s.payments.billing) expect(b).toMatchObject({ currency: "usd", status: expect.any(String) });

    // Nothing secret or private of Alice's own: no provider customer id.
    expect(res.body).not.toMatch(/cus_|"customerId"/);
    // The people at the other end only by their public names: never their id or e-mail.
    for (const id of Object.values(alices)) {
      expect(res.body).not.toContain(id);
    }
    // Nothing of Bob's: not him, not his rows, not the people of his connections, not his ticket.
    const [bobsEntry] = await db.select().from(giveawayEntries).where(eq(giveawayEntries.userId, bob.id));
    for (const his of [
      bob.id,
      bob.email,
      "Bob Elsewhere",
      "Bob reports",
      "Bob finds",
      "Bob badge",
      "Bob Requested",
      "Bob Requester",
      "Bob Blocked",
      ...Object.values(bobs),
    ]) {
      expect(res.body).not.toContain(his);
    }
    expect(s.votes.some((v: { itemId: number }) => v.itemId === 202)).toBe(false);
    expect(bobsEntry?.ticket).toMatch(/^[0-9a-f]{16}$/);
    expect(res.body).not.toContain(bobsEntry!.ticket);
  });

  it("lists previous usernames in the profile section", async () => {
    const user = await createUser(app);
    const res = await app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: user.headers,
      payload: { username: `renamed${Date.now() % 1_000_000}` },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const token = await readyExport(app, user.id);
    const file = (
      await app.inject({ method: "GET", url: `/api/users/data-export/${token}`, headers: user.headers })
    ).json();
    expect(file.sections.profile.previousUsernames).toHaveLength(1);
  });
});
