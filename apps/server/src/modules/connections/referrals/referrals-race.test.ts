import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { INVITES_PER_DAY, REFERRAL_REWARD } from "@neonlab/shared/schemas/referrals";
import { createTestApp } from "../../../test/test-app.ts";
import { createUser } from "../../../test/users.ts";
import { ledger } from "../../wallet/ledger/schema.ts";
import { notifications } from "../../notifications/schema.ts";
import { getNeonBitsBalance } from "../../wallet/service.ts";
import { referralInvites, referralSends } from "./schema.ts";
import { confirmAccount, linkNewAccount } from "./service.ts";
import { invite, inviteCode, personalLink, signUpWith, uniqueEmail } from "./test-helpers.ts";

const N = 20;

function raceSuite(kind: "pglite" | "postgres") {
  describe(`referral reward under ${N} concurrent confirmations (${kind})`, async () => {
    const app = await createTestApp({ kind });
    const { db, transaction } = app.ctx;

    it(`${N} concurrent confirmations of the invited account pay ${REFERRAL_REWARD} NeonBits once, one notification`, async () => {
      const inviter = await createUser(app);
      const friend = uniqueEmail("race");
      expect((await invite(app, inviter, friend)).statusCode).toBe(201);
      const signUp = await signUpWith(app, friend, await inviteCode(app, friend));
      const paid = await Promise.all(
        Array.from({ length: N }, () => transaction((tx) => confirmAccount(tx, signUp.id))),
      );
      expect(paid.filter(Boolean)).toHaveLength(1);
      await signUp.confirm(); // the real confirmation afterwards adds nothing
      expect(await getNeonBitsBalance(db, inviter.id)).toBe(REFERRAL_REWARD);
      const rows = await db
        .select()
        .from(ledger)
        .where(and(eq(ledger.userId, inviter.id), eq(ledger.reason, "referral")));
      expect(rows).toHaveLength(1);
      const notes = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, inviter.id), eq(notifications.kind, "referral_joined")));
      expect(notes).toHaveLength(1);
    });

    it(`${N} new accounts racing for one invite's code: one is linked, one reward`, async () => {
      const inviter = await createUser(app);
      const friend = uniqueEmail("race-code");
      await invite(app, inviter, friend);
      const code = await inviteCode(app, friend);
      const accounts = await Promise.all(Array.from({ length: N }, () => createUser(app)));
      const outcomes = await Promise.allSettled(
        accounts.map((a) =>
          transaction((tx) => linkNewAccount(tx, { id: a.id, email: a.email, emailVerified: true, referral: code })),
        ),
      );
      expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
      const [row] = await db.select().from(referralInvites).where(eq(referralInvites.code, code));
      expect(accounts.map((a) => a.id)).toContain(row?.inviteeId);
      expect(await getNeonBitsBalance(db, inviter.id)).toBe(REFERRAL_REWARD);
    });

    it(`${N} new accounts through one personal link at once: ${INVITES_PER_DAY} linked (the daily cap), each paid once`, async () => {
      const inviter = await createUser(app);
      const { code } = await personalLink(app, inviter);
      const accounts = await Promise.all(Array.from({ length: N }, () => createUser(app)));
      const outcomes = await Promise.allSettled(
        accounts.map((a) =>
          transaction((tx) => linkNewAccount(tx, { id: a.id, email: a.email, emailVerified: false, referral: code })),
        ),
      );
      expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
      const rows = await db.select().from(referralInvites).where(eq(referralInvites.inviterId, inviter.id));
      expect(rows).toHaveLength(INVITES_PER_DAY);
      expect(await db.select().from(referralSends).where(eq(referralSends.userId, inviter.id))).toHaveLength(
        INVITES_PER_DAY,
      );
      // Each linked account confirmed by many callers at once pays once.
      const paid = await Promise.all(
        rows.flatMap((row) => Array.from({ length: 4 }, () => transaction((tx) => confirmAccount(tx, row.inviteeId!)))),
      );
      expect(paid.filter(Boolean)).toHaveLength(INVITES_PER_DAY);
      expect(await getNeonBitsBalance(db, inviter.id)).toBe(INVITES_PER_DAY * REFERRAL_REWARD);
    });
  });
}

raceSuite("pglite");
if (process.env.TEST_DATABASE_URL) raceSuite("postgres");
