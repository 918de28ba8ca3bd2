import { randomInt, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { INVITES_PER_DAY, REFERRAL_REWARD } from "@neonlab/shared/schemas/referrals";
import type { App } from "../../../app.ts";
import { startOAuthProviders } from "../../../test/oauth-provider.ts";
import { createTestApp } from "../../../test/test-app.ts";
import { createUser, uniqueEmail } from "../../../test/users.ts";
import { notifications } from "../../notifications/schema.ts";
import { getNeonBitsBalance } from "../../wallet/service.ts";
import { referralsExportSection } from "./export-section.ts";
import { referralInvites, referralSends } from "./schema.ts";
import { invite, invites, manage, personalLink, signUpWith } from "./test-helpers.ts";

const providers = await startOAuthProviders();
afterAll(() => providers.stop());

type Listed = { id: number; email: string | null; via: string; state: string; reward: number; sent_count: number };

describe("the personal invite link", async () => {
  const app = await createTestApp({ env: providers.env });
  const { db } = app.ctx;
  const balance = (id: string) => getNeonBitsBalance(db, id);

  it("is the user's own, stable, random code: neither their id nor their address", async () => {
    const inviter = await createUser(app, { email: uniqueEmail("ada.lovelace") });
    const other = await createUser(app);
    const link = await personalLink(app, inviter);
    expect(link.code).toMatch(/^[\w-]{16}$/);
    expect(link.url).toBe(`http://localhost:3000/register?referral=${link.code}`);
    expect(await personalLink(app, inviter)).toEqual(link);
    expect((await personalLink(app, other)).code).not.toBe(link.code);
    const local = inviter.email.split("@")[0]!;
    for (const secret of [inviter.id, inviter.id.replaceAll("-", ""), local, "lovelace"]) {
      expect(link.code.toLowerCase()).not.toContain(secret.toLowerCase().slice(0, 8));
    }
  });

  it("links every sign-up through it, pays 200 NeonBits once per confirmed account, never shows their address", async () => {
    const inviter = await createUser(app, { displayName: "Link Sharer" });
    const { code } = await personalLink(app, inviter);
    const friend = uniqueEmail("link-friend");
    const signUp = await signUpWith(app, friend, code);
    const joined = await invites(app, inviter);
    expect(joined.items).toEqual([
      expect.objectContaining({ via: "link", email: null, state: "joined", reward: 0, sent_count: 0 }),
    ]);
    expect(joined.sent_today).toBe(1);
    expect(await balance(inviter.id)).toBe(0);

    const account = await signUp.confirm();
    expect(await balance(inviter.id)).toBe(REFERRAL_REWARD);
    // Later updates of the confirmed account pay nothing more.
    await app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: account.headers,
      payload: { name: "R" },
    });
    expect(await balance(inviter.id)).toBe(REFERRAL_REWARD);
    const notes = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, inviter.id), eq(notifications.kind, "referral_joined")));
    expect(notes).toHaveLength(1);

    // A link invites many: a second friend is a second invite and a second reward.
    await (await signUpWith(app, uniqueEmail("link-second"), code)).confirm();
    expect(await balance(inviter.id)).toBe(2 * REFERRAL_REWARD);
    const list = await invites(app, inviter);
    expect(list.items.map((i: Listed) => [i.via, i.state, i.reward])).toEqual([
      ["link", "confirmed", REFERRAL_REWARD],
      ["link", "confirmed", REFERRAL_REWARD],
    ]);
    expect(list.earned).toBe(2 * REFERRAL_REWARD);
    expect(JSON.stringify(list)).not.toContain(friend);
    const section = await referralsExportSection.collect(db, inviter.id);
    expect(referralsExportSection.schema.parse(section).invites.map((i) => [i.via, i.email])).toEqual([
      ["link", null],
      ["link", null],
    ]);
    expect(JSON.stringify(section)).not.toContain(code);

    // A link invite has no mail to send again or address to correct.
    const linkInvite = list.items[0] as Listed;
    const again = await manage(app, inviter, { referral: linkInvite.id, sendNotification: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Someone already joined through your link: nothing to change.");
  });

  it("refuses the reward for the inviter's own mailbox (+tag) and another account's (gmail's dots)", async () => {
    const id = randomUUID().slice(0, 8);
    const inviter = await createUser(app, { email: `self-${id}@example.test` });
    await createUser(app, { email: `first.last.${id}@gmail.com` });
    const { code } = await personalLink(app, inviter);
    await (await signUpWith(app, `Self-${id}+second@example.test`, code)).confirm();
    await (await signUpWith(app, `firstlast${id}+x@googlemail.com`, code)).confirm();
    expect(await balance(inviter.id)).toBe(0);
    const list = await invites(app, inviter);
    expect(list.items.map((i: Listed) => [i.via, i.state, i.reward])).toEqual([
      ["link", "refused", 0],
      ["link", "refused", 0],
    ]);
  });

  it(`counts its sign-ups in the daily cap of ${INVITES_PER_DAY} with the mails; past it, a sign-up links nothing`, async () => {
    const inviter = await createUser(app);
    const { code } = await personalLink(app, inviter);
    for (let i = 0; i < INVITES_PER_DAY - 1; i++)
      expect((await invite(app, inviter, uniqueEmail("cap-mail"))).statusCode).toBe(201);
    const last = await signUpWith(app, uniqueEmail("cap-link"), code);
    expect((await invites(app, inviter)).sent_today).toBe(INVITES_PER_DAY);
    const over = await signUpWith(app, uniqueEmail("cap-over"), code);
    await over.confirm();
    await last.confirm();
    expect(await balance(inviter.id)).toBe(REFERRAL_REWARD);
    const list = await invites(app, inviter);
    expect(list.items.filter((i: Listed) => i.via === "link")).toHaveLength(1);
    expect(list.sent_today).toBe(INVITES_PER_DAY);
    const [overInvite] = await db.select().from(referralInvites).where(eq(referralInvites.inviteeId, over.id));
    expect(overInvite).toBeUndefined();
    // The cap is shared: no more mails today either.
    expect((await invite(app, inviter, uniqueEmail("cap-mail"))).statusCode).toBe(429);
  });

  it("a sign-up through the link with an address the inviter mailed links that mailed invite, counted once", async () => {
    const inviter = await createUser(app);
    const { code } = await personalLink(app, inviter);
    const friend = uniqueEmail("mailed-and-linked");
    expect((await invite(app, inviter, friend)).statusCode).toBe(201);
    await (await signUpWith(app, friend, code)).confirm();
    const list = await invites(app, inviter);
    expect(list.items.map((i: Listed) => [i.via, i.email, i.state])).toEqual([["email", friend, "confirmed"]]);
    expect(await db.select().from(referralSends).where(eq(referralSends.userId, inviter.id))).toHaveLength(1);
    expect(await balance(inviter.id)).toBe(REFERRAL_REWARD);
  });

  it("an unknown code links nothing, and the sign-up stands", async () => {
    const signUp = await signUpWith(app, uniqueEmail("unknown-code"), "AAAAAAAAAAAAAAAA");
    await signUp.confirm();
    expect(await db.select().from(referralInvites).where(eq(referralInvites.inviteeId, signUp.id))).toEqual([]);
  });

  it("an OAuth sign-up returning to /redirect?referral=<code> is linked and, confirmed by the provider, paid at once", async () => {
    const inviter = await createUser(app);
    const { code } = await personalLink(app, inviter);
    const email = uniqueEmail("oauth-link");
    providers.signInAs({ sub: String(randomInt(1_000_000, 9_999_999)), email, name: "Ola Auth", emailVerified: true });
    const landing = await oauthRoundTrip(app, `/redirect?referral=${code}`);
    expect(landing.pathname).toBe("/redirect");
    expect(landing.searchParams.get("referral")).toBe(code);
    expect(await balance(inviter.id)).toBe(REFERRAL_REWARD);
    expect((await invites(app, inviter)).items).toEqual([
      expect.objectContaining({ via: "link", email: null, state: "confirmed" }),
    ]);
  });
});

/** The Google redirect flow without a browser: start → provider → callback → the app's /redirect address. */
async function oauthRoundTrip(app: App, callbackURL: string) {
  const start = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/oauth2",
    payload: { providerId: "google", callbackURL },
  });
  expect(start.statusCode, start.body).toBe(200);
  const authorize = await fetch((start.json() as { url: string }).url, { redirect: "manual" });
  const callback = new URL(authorize.headers.get("location") ?? "");
  const landing = await app.inject({
    method: "GET",
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: start.cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
  });
  expect(landing.statusCode, landing.body).toBe(302);
  return new URL(landing.headers.location as string, "http://localhost:3000");
}
