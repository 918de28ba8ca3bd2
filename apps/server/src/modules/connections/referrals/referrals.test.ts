import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { INVITES_PER_DAY, REFERRAL_REWARD } from "@neonlab/shared/schemas/referrals";
import { readMails, sleep, waitForMail } from "../../../test/mail.ts";
import { createTestApp } from "../../../test/test-app.ts";
import { createUser, deleteOwnAccount, uniqueEmail } from "../../../test/users.ts";
import { notifications } from "../../notifications/schema.ts";
import { referralsExportSection } from "./export-section.ts";
import { referralInvites, referralSends } from "./schema.ts";
import { getNeonBitsBalance } from "../../wallet/service.ts";
import { invite, inviteCode, invites, manage, signUpWith } from "./test-helpers.ts";

describe("referrals", async () => {
  const app = await createTestApp();
  const { db } = app.ctx;
  const balance = (id: string) => getNeonBitsBalance(db, id);
  const notificationsOf = async (headers: Record<string, string>) =>
    (await app.inject({ url: "/api/notifications", headers })).json().items as {
      kind: string;
      actor: { username: string } | null;
      data: Record<string, unknown>;
    }[];

  it("invites by e-mail; the sign-up through the link is linked; the confirmation pays 200 NeonBits once and notifies", async () => {
    const inviter = await createUser(app, { displayName: "Ada Inviter" });
    const friend = uniqueEmail("friend");
    const sent = await invite(app, inviter, friend.toUpperCase());
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      message: "Email sent successfully. Don't forget to check spam folder in case you did not received the email.",
      invite: { email: friend, state: "sent", sent_count: 1, invitee: null, reward: 0 },
    });
    const code = await inviteCode(app, friend);
    expect(code).toMatch(/^[\w-]{16}$/);

    // The friend signs up with another address through the link: the code links the accounts.
    const other = uniqueEmail("friend-other");
    const signUp = await signUpWith(app, other, code);
    expect((await invites(app, inviter)).items[0]).toMatchObject({ state: "joined", reward: 0 });
    expect(await balance(inviter.id)).toBe(0);
    const invited = await signUp.confirm();
    const list = await invites(app, inviter);
    expect(list.items[0]).toMatchObject({
      state: "confirmed",
      reward: REFERRAL_REWARD,
      invitee: { display_name: "Invited Friend" },
    });
    expect(list.earned).toBe(REFERRAL_REWARD);
    expect(await balance(inviter.id)).toBe(REFERRAL_REWARD);
    const [note] = await notificationsOf(inviter.headers);
    expect(note).toMatchObject({ kind: "referral_joined", data: { reward: REFERRAL_REWARD } });
    expect(note?.actor?.username).toBeTruthy();

    // Signing in again, changing the name (user updates of a confirmed account) pays nothing more.
    await app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: invited.headers,
      payload: { name: "Renamed" },
    });
    expect(await balance(inviter.id)).toBe(REFERRAL_REWARD);

    // A second account through the same link: linked to nothing, pays nothing.
    const second = await signUpWith(app, uniqueEmail("second"), code);
    await second.confirm();
    expect(await balance(inviter.id)).toBe(REFERRAL_REWARD);
    const [row] = await db.select().from(referralInvites).where(eq(referralInvites.inviterId, inviter.id));
    expect(row?.inviteeId).toBe(signUp.id);
  });

  it("links a sign-up without the code by the invited address (oldest invite wins)", async () => {
    const first = await createUser(app);
    const later = await createUser(app);
    const friend = uniqueEmail("by-address");
    expect((await invite(app, first, friend)).statusCode).toBe(201);
    expect((await invite(app, later, friend)).statusCode).toBe(201);
    await (await signUpWith(app, friend)).confirm();
    expect(await balance(first.id)).toBe(REFERRAL_REWARD);
    expect(await balance(later.id)).toBe(0);
    expect((await invites(app, later)).items[0]).toMatchObject({ state: "sent" });
  });

  it("refuses oneself, existing accounts, a second invite to one address, bad and abusive input, with messages", async () => {
    const inviter = await createUser(app);
    const member = await createUser(app);
    const cases: [string, number, RegExp][] = [
      [inviter.email, 400, /You can not invite yourself/],
      [member.email.toUpperCase(), 409, /already has a NeonLab account/],
      ["not-an-address", 400, /valid email/],
      ["shithead@example.test", 400, /The e-mail address contains words NeonLab does not allow/],
    ];
    for (const [email, status, message] of cases) {
      const res = await invite(app, inviter, email);
      expect(res.statusCode, email).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const friend = uniqueEmail("twice");
    expect((await invite(app, inviter, friend)).statusCode).toBe(201);
    const again = await invite(app, inviter, friend);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`You already invited ${friend}. Send it again from your invites.`);
    // A Scunthorpe-style address is fine.
    expect((await invite(app, inviter, uniqueEmail("scunthorpe"))).statusCode).toBe(201);
    expect((await invites(app, inviter)).items).toHaveLength(2);
  });

  it("refuses an address reaching the inviter's mailbox (+tag) or an account's (gmail's dots, googlemail.com); invites nothing", async () => {
    const id = randomUUID().slice(0, 8);
    const inviter = await createUser(app, { email: `self-${id}@example.test` });
    await createUser(app, { email: `first.last.${id}@gmail.com` });
    const own = await invite(app, inviter, `Self-${id}+r1@example.test`);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(`You can not invite yourself: self-${id}+r1@example.test is your own address.`);
    const dotted = await invite(app, inviter, `f.i.r.s.t.l.a.s.t${id}+x@googlemail.com`);
    expect(dotted.statusCode).toBe(409);
    expect(dotted.json().message).toBe(
      `f.i.r.s.t.l.a.s.t${id}+x@googlemail.com already has a NeonLab account: nobody to invite.`,
    );
    // Correcting an invite's address is checked the same way.
    const { invite: open } = (await invite(app, inviter, uniqueEmail("open"))).json();
    const corrected = await manage(app, inviter, { referral: open.id, email: `self-${id}+r2@example.test` });
    expect(corrected.statusCode).toBe(400);
    const list = await invites(app, inviter);
    expect(list.items.map((i: { email: string }) => i.email)).toEqual([open.email]);
    expect(list.sent_today).toBe(1);
    expect(await balance(inviter.id)).toBe(0);
  });

  it("pays nothing when the account confirmed through an invite reaches the inviter's mailbox or another account's", async () => {
    const id = randomUUID().slice(0, 8);
    const inviter = await createUser(app, { email: `self-${id}@example.test` });
    await createUser(app, { email: `first.last.${id}@gmail.com` });
    const friend = uniqueEmail("friend");
    const other = uniqueEmail("other");
    expect((await invite(app, inviter, friend)).statusCode).toBe(201);
    expect((await invite(app, inviter, other)).statusCode).toBe(201);

    // The inviter signs up through their own link with a +tag of their own address.
    const self = await signUpWith(app, `self-${id}+r1@example.test`, await inviteCode(app, friend));
    const selfAccount = await self.confirm();
    // The dotted gmail form of an existing account signs up through the other link.
    await (await signUpWith(app, `firstlast${id}+x@gmail.com`, await inviteCode(app, other))).confirm();

    expect(await balance(inviter.id)).toBe(0);
    const list = await invites(app, inviter);
    expect(list.items.map((i: { state: string; reward: number }) => [i.state, i.reward])).toEqual([
      ["refused", 0],
      ["refused", 0],
    ]);
    expect(list.earned).toBe(0);
    const notes = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, inviter.id), eq(notifications.kind, "referral_joined")));
    expect(notes).toEqual([]);
    // A later update of the confirmed account pays nothing either; the export says what happened.
    await app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: selfAccount.headers,
      payload: { name: "Renamed" },
    });
    expect(await balance(inviter.id)).toBe(0);
    const section = await referralsExportSection.collect(db, inviter.id);
    expect(section.invites.map((i) => [i.state, i.neonBits])).toEqual([
      ["refused", 0],
      ["refused", 0],
    ]);
  });

  it(`sends at most ${INVITES_PER_DAY} invite mails a day`, async () => {
    const inviter = await createUser(app);
    for (let i = 0; i < INVITES_PER_DAY; i++)
      expect((await invite(app, inviter, uniqueEmail("cap"))).statusCode).toBe(201);
    const over = await invite(app, inviter, uniqueEmail("cap"));
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(`You can send ${INVITES_PER_DAY} invites a day. Please try again tomorrow.`);
    const list = await invites(app, inviter);
    expect(list).toMatchObject({ sent_today: INVITES_PER_DAY, per_day: INVITES_PER_DAY });
    expect(list.items).toHaveLength(INVITES_PER_DAY);
  });

  it("mails one address at most 5 invites an hour, whoever invites it; the one refused creates nothing", async () => {
    const invited = uniqueEmail("popular");
    for (let i = 0; i < 5; i++) {
      const sent = await invite(app, await createUser(app), i % 2 ? invited.toUpperCase() : invited);
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const sixth = await createUser(app);
    const over = await invite(app, sixth, invited);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Too many emails were sent to this address in the last hour\./);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(await invites(app, sixth)).toMatchObject({ items: [], sent_today: 0 });
    // Correcting an invite to that address and mailing it again is refused the same way.
    const { invite: open } = (await invite(app, sixth, uniqueEmail("other"))).json();
    const moved = await manage(app, sixth, { referral: open.id, email: invited, sendNotification: true });
    expect(moved.statusCode).toBe(429);
    expect((await invites(app, sixth)).items.map((i: { email: string }) => i.email)).toEqual([open.email]);
    await waitForMail(app, invited, /invited you to NeonLab/, 4);
    await sleep(500);
    expect(await readMails(app, invited)).toHaveLength(5);
  });

  it("manage: corrects the address, sends again at most hourly, only the inviter's own open invites", async () => {
    const inviter = await createUser(app);
    const stranger = await createUser(app);
    const typo = uniqueEmail("typo");
    const { invite: created } = (await invite(app, inviter, typo)).json();
    const firstCode = await inviteCode(app, typo);

    const empty = await manage(app, inviter, { referral: created.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Give a corrected email, or sendNotification: true/);
    expect((await manage(app, stranger, { referral: created.id, sendNotification: true })).statusCode).toBe(404);
    const tooSoon = await manage(app, inviter, { referral: created.id, sendNotification: true });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/sent less than an hour ago/);

    // A corrected address gets the invite at once, with a new code (the old link no longer links).
    const fixed = uniqueEmail("fixed");
    const corrected = await manage(app, inviter, { referral: created.id, email: fixed, sendNotification: true });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().invite).toMatchObject({ email: fixed, sent_count: 2, state: "sent" });
    const newCode = await inviteCode(app, fixed);
    expect(newCode).not.toBe(firstCode);
    await (await signUpWith(app, uniqueEmail("old-link"), firstCode)).confirm();
    expect(await balance(inviter.id)).toBe(0);

    // Only the address: no mail.
    const renamed = uniqueEmail("renamed");
    const onlyAddress = await manage(app, inviter, { referral: created.id, email: renamed });
    expect(onlyAddress.json()).toMatchObject({ message: `The invite now goes to ${renamed}.` });

    // Joined: nothing to change.
    const code = (await db.select().from(referralInvites).where(eq(referralInvites.id, created.id)))[0]!.code!;
    await (await signUpWith(app, renamed, code)).confirm();
    expect(await balance(inviter.id)).toBe(REFERRAL_REWARD);
    const joined = await manage(app, inviter, { referral: created.id, sendNotification: true });
    expect(joined.statusCode).toBe(409);
  });

  it("exports the invites, and deleting an account deletes its invites; an invitee's deletion keeps the inviter's reward final", async () => {
    const inviter = await createUser(app);
    const friend = uniqueEmail("export");
    await invite(app, inviter, friend);
    const joined = await (await signUpWith(app, friend, await inviteCode(app, friend))).confirm();
    await invite(app, inviter, uniqueEmail("pending"));
    const section = await referralsExportSection.collect(db, inviter.id);
    expect(referralsExportSection.schema.parse(section).invites.map((i) => i.state)).toEqual(["confirmed", "sent"]);
    expect(JSON.stringify(section)).not.toMatch(/"code"/);
    expect((await referralsExportSection.collect(db, joined.id)).invitedBy).not.toBeNull();

    // The invitee leaves and comes back with the same address: no second reward.
    expect((await deleteOwnAccount(app, joined)).statusCode).toBe(200);
    expect((await invite(app, inviter, friend)).statusCode).toBe(409);
    await (await signUpWith(app, friend)).confirm();
    expect(await balance(inviter.id)).toBe(REFERRAL_REWARD);

    expect((await deleteOwnAccount(app, inviter)).statusCode).toBe(200);
    expect(await db.select().from(referralInvites).where(eq(referralInvites.inviterId, inviter.id))).toHaveLength(0);
    expect(await db.select().from(referralSends).where(eq(referralSends.userId, inviter.id))).toHaveLength(0);
  });
});
