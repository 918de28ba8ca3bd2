import { randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, isNull, ne, type SQL, sql } from "drizzle-orm";
import { MESSAGES } from "@neonlab/shared/messages";
import {
  INVITE_RESEND_MINUTES,
  INVITES_PER_DAY,
  type Invite,
  type InviteResult,
  type Invites,
  type InviteState,
  REFERRAL_REWARD,
  type ReferralLink,
  type ReferralManageInput,
} from "@neonlab/shared/schemas/referrals";
import { referralInviteMail } from "../../../adapters/mail/templates.ts";
import { chargeMail } from "../../../auth/mail-cap.ts";
import type { Db } from "../../../db/client.ts";
import { badRequest, conflict, notFound, tooManyRequests } from "../../../errors.ts";
import type { RateLimits } from "../../../lib/rate-limits.ts";
import { assertCleanAddress } from "../../../lib/text-moderation.ts";
import type { RunInTransaction, Tx } from "../../../transaction.ts";
import { users } from "../../identity/accounts/schema.ts";
import { profileRows } from "../../identity/service.ts";
import { grantNeonBits } from "../../wallet/service.ts";
import { addressValue, mailboxOf, mailboxSql } from "./address.ts";
import { referralInvites, referralLinks, referralSends } from "./schema.ts";

// Referrals (product rules "Referrals", spec §7; docs/decisions/031): an invite mails a sign-up link with the
// invite's code; the account made through it (or, without the code, with the invited address) is linked to it;
// when that account is confirmed the inviter gets REFERRAL_REWARD NeonBits, once, and a notification — unless
// its address reaches the mailbox of the inviter or of another account (address.ts): then nothing. A user's
// personal link (referral_links) works the same way: each sign-up through it becomes an invite of its own,
// counted in the same daily cap as the mails.

type Inviter = { id: string; email: string };
type Deps = { transaction: RunInTransaction; publicUrl: string; limits: RateLimits };
type InviteRow = typeof referralInvites.$inferSelect;

const { table: profiles, card } = profileRows;
const newCode = () => randomBytes(12).toString("base64url");
export const inviteLink = (publicUrl: string, code: string) =>
  new URL(`/register?${new URLSearchParams({ referral: code })}`, publicUrl).href;

function present(
  row: InviteRow,
  invitee: { username: string; displayName: string; avatar: string | null } | null,
): Invite {
  return {
    id: row.id,
    email: row.email,
    via: inviteVia(row),
    state: inviteState(row),
    sent_count: row.sentCount,
    last_sent_at: row.lastSentAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    invitee:
      row.inviteeId && invitee
        ? { id: row.inviteeId, username: invitee.username, display_name: invitee.displayName, avatar: invitee.avatar }
        : null,
    reward: inviteState(row) === "confirmed" ? REFERRAL_REWARD : 0,
  };
}

export const inviteState = (row: Pick<InviteRow, "inviteeId" | "confirmedAt" | "refusedAt">): InviteState =>
  row.refusedAt ? "refused" : row.confirmedAt ? "confirmed" : row.inviteeId ? "joined" : "sent";

/** How the invite came: a mailed invite has the address, a sign-up through the personal link has none. */
export const inviteVia = (row: Pick<InviteRow, "email">): "email" | "link" => (row.email === null ? "link" : "email");

/** Another account whose address reaches the same mailbox as `email` (mailboxSql), if any. */
async function accountWithMailbox(db: Db, email: string, except?: string) {
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`${mailboxSql(users.email)} = ${mailboxSql(addressValue(email))}`,
        except ? ne(users.id, except) : undefined,
      ),
    )
    .limit(1);
  return account;
}

/** Invites counted for this user in the last 24 hours: mails sent and sign-ups through their link. */
async function sentToday(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(referralSends)
    .where(and(eq(referralSends.userId, userId), gt(referralSends.sentAt, sql`now() - interval '1 day'`)));
  return row?.n ?? 0;
}

/**
 * The checks of an address to invite: clean, not oneself, no account yet, not invited by this user already.
 * "Oneself" and "an account" compare mailboxes (mailboxSql): a +tag or gmail's dots are the same person.
 */
async function checkAddress(db: Db, inviter: Inviter, email: string) {
  assertCleanAddress("The e-mail address", email);
  if ((await mailboxOf(db, email)) === (await mailboxOf(db, inviter.email)))
    throw badRequest(`You can not invite yourself: ${email} is your own address.`);
  if (await accountWithMailbox(db, email)) throw conflict(`${email} already has a NeonLab account: nobody to invite.`);
  const [mine] = await db
    .select({ id: referralInvites.id })
    .from(referralInvites)
    .where(and(eq(referralInvites.inviterId, inviter.id), eq(referralInvites.email, email)));
  if (mine) throw conflict(`You already invited ${email}. Send it again from your invites.`);
}

/**
 * Mails the invite (a job of `tx`), counted against the inviter's daily cap and the address's hourly mail cap
 * (auth/mail-cap.ts: many inviters must not flood one inbox either).
 */
async function send(tx: Tx, deps: Deps, inviter: Inviter, invite: InviteRow) {
  const { email, code } = invite;
  if (email === null || code === null) throw conflict("A sign-up through your link has no mail to send again.");
  if ((await sentToday(tx.db, inviter.id)) >= INVITES_PER_DAY) {
    throw tooManyRequests(`You can send ${INVITES_PER_DAY} invites a day. Please try again tomorrow.`);
  }
  await chargeMail(deps.limits, "invite", email);
  await tx.db.insert(referralSends).values({ userId: inviter.id, inviteId: invite.id });
  const [me] = await tx.db.select({ name: card.displayName }).from(profiles).where(eq(card.userId, inviter.id));
  await tx.enqueue(
    "send-mail",
    referralInviteMail(email, me?.name ?? "A NeonLab learner", inviteLink(deps.publicUrl, code)),
  );
}

/** One inviter's invites and mails take turns (the daily cap and the one-invite-per-address rule hold under concurrency). */
const lockInviter = (tx: Tx, inviterId: string) =>
  tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`referrals:${inviterId}`}))`);

/** POST users/referrals {email}: a new invite, mailed. */
export async function createInvite(deps: Deps, inviter: Inviter, email: string): Promise<InviteResult> {
  return deps.transaction(async (tx) => {
    await lockInviter(tx, inviter.id);
    await checkAddress(tx.db, inviter, email);
    const [row] = await tx.db
      .insert(referralInvites)
      .values({ inviterId: inviter.id, email, code: newCode() })
      .returning();
    await send(tx, deps, inviter, row!);
    return { message: MESSAGES.emailSent, invite: present(row!, null) };
  });
}

/**
 * POST users/referrals/manage {referral, email, sendNotification}: `referral` is the invite's id; `email` corrects
 * its address (only while nobody joined through it); `sendNotification: true` mails it again (at most once an
 * hour, unless the address was just corrected), counted in the daily cap.
 */
export async function manageInvite(deps: Deps, inviter: Inviter, input: ReferralManageInput): Promise<InviteResult> {
  return deps.transaction(async (tx) => {
    await lockInviter(tx, inviter.id);
    const [found] = await tx.db
      .select()
      .from(referralInvites)
      .where(and(eq(referralInvites.id, input.referral), eq(referralInvites.inviterId, inviter.id)));
    if (!found) throw notFound(`You have no invite with id ${input.referral}.`);
    if (found.inviteeId || found.confirmedAt || found.email === null) {
      const through = found.email === null ? "your link" : `your invite to ${found.email}`;
      throw conflict(`Someone already joined through ${through}: nothing to change.`);
    }
    let row = found;
    const corrected = input.email !== undefined && input.email !== found.email;
    if (corrected) {
      await checkAddress(tx.db, inviter, input.email!);
      [row] = (await tx.db
        .update(referralInvites)
        .set({ email: input.email!, code: newCode() })
        .where(eq(referralInvites.id, found.id))
        .returning()) as [InviteRow];
    }
    if (!input.sendNotification) {
      return {
        message: corrected ? `The invite now goes to ${row.email}.` : "Nothing changed.",
        invite: present(row, null),
      };
    }
    const wait = row.lastSentAt.getTime() + INVITE_RESEND_MINUTES * 60_000 - Date.now();
    if (!corrected && wait > 0) {
      throw tooManyRequests(
        `The invite to ${row.email} was sent less than an hour ago. Please wait ${Math.ceil(wait / 60_000)} minutes.`,
      );
    }
    await send(tx, deps, inviter, row);
    [row] = (await tx.db
      .update(referralInvites)
      .set({ sentCount: sql`${referralInvites.sentCount} + 1`, lastSentAt: new Date() })
      .where(eq(referralInvites.id, row.id))
      .returning()) as [InviteRow];
    return { message: MESSAGES.emailSent, invite: present(row, null) };
  });
}

/** The user's personal invite link: their code, made on first use and the same ever after. */
export async function personalLink(db: Db, userId: string, publicUrl: string): Promise<ReferralLink> {
  const read = () =>
    db.select({ code: referralLinks.code }).from(referralLinks).where(eq(referralLinks.userId, userId));
  let [row] = await read();
  if (!row) {
    await db
      .insert(referralLinks)
      .values({ userId, code: newCode() })
      .onConflictDoNothing({ target: referralLinks.userId });
    [row] = await read();
  }
  if (!row) throw notFound("There is no such user.");
  return { code: row.code, url: inviteLink(publicUrl, row.code) };
}

/**
 * GET users/referrals: the caller's invites, newest first (at most 100), what they earned, today's count against
 * the cap, and their personal link.
 */
export async function listInvites(
  { db, publicUrl }: { db: Db; publicUrl: string },
  inviterId: string,
): Promise<Invites> {
  const rows = await db
    .select({ invite: referralInvites, username: card.username, displayName: card.displayName, avatar: card.avatar })
    .from(referralInvites)
    .leftJoin(profiles, eq(card.userId, referralInvites.inviteeId))
    .where(eq(referralInvites.inviterId, inviterId))
    .orderBy(desc(referralInvites.id))
    .limit(100);
  const items = rows.map((r) =>
    present(
      r.invite,
      r.username === null || r.displayName === null
        ? null
        : { username: r.username, displayName: r.displayName, avatar: r.avatar },
    ),
  );
  return {
    items,
    earned: items.reduce((sum, i) => sum + i.reward, 0),
    sent_today: await sentToday(db, inviterId),
    per_day: INVITES_PER_DAY,
    link: await personalLink(db, inviterId, publicUrl),
  };
}

/**
 * A sign-up through the personal link whose code is `code`: an invite of its own for the link's owner, counted in
 * their daily cap (past it, nothing is linked). An open mailed invite of the same inviter to this very address is
 * the same person: that one is linked instead (its mail was counted already). Whether it pays is confirmAccount's
 * rule, as for a mailed invite.
 */
async function joinThroughLink(tx: Tx, account: { id: string; email: string }, code: string, open: SQL) {
  const [link] = await tx.db
    .select({ inviterId: referralLinks.userId })
    .from(referralLinks)
    .where(eq(referralLinks.code, code));
  if (!link || link.inviterId === account.id) return [];
  await lockInviter(tx, link.inviterId);
  const joinedAt = new Date();
  const mailed = await tx.db
    .update(referralInvites)
    .set({ inviteeId: account.id, joinedAt })
    .where(
      and(eq(referralInvites.inviterId, link.inviterId), eq(referralInvites.email, account.email.toLowerCase()), open),
    )
    .returning({ id: referralInvites.id });
  if (mailed.length > 0) return mailed;
  if ((await sentToday(tx.db, link.inviterId)) >= INVITES_PER_DAY) return [];
  const made = await tx.db
    .insert(referralInvites)
    .values({ inviterId: link.inviterId, inviteeId: account.id, joinedAt, sentCount: 0 })
    .onConflictDoNothing()
    .returning({ id: referralInvites.id });
  for (const { id } of made) await tx.db.insert(referralSends).values({ userId: link.inviterId, inviteId: id });
  return made;
}

/**
 * A new account (Better Auth's user hook): linked to the invite whose code it signed up with, else — the code
 * being someone's personal link — to a new invite of that link's owner, else to the oldest open invite of its
 * address. An invite links one account only and an account one invite only, so a second account from one
 * mailed invite gets nothing. An account created confirmed (OAuth) is confirmed at once.
 */
export async function linkNewAccount(
  tx: Tx,
  account: { id: string; email: string; emailVerified: boolean; referral: string | null },
): Promise<void> {
  const open = and(
    isNull(referralInvites.inviteeId),
    isNull(referralInvites.confirmedAt),
    sql`${referralInvites.inviterId} <> ${account.id}`,
  );
  const join = { inviteeId: account.id, joinedAt: new Date() };
  let linked = account.referral
    ? await tx.db
        .update(referralInvites)
        .set(join)
        .where(and(eq(referralInvites.code, account.referral), open))
        .returning({ id: referralInvites.id })
    : [];
  if (linked.length === 0 && account.referral) linked = await joinThroughLink(tx, account, account.referral, open!);
  if (linked.length === 0) {
    const oldest = tx.db
      .select({ id: referralInvites.id })
      .from(referralInvites)
      .where(and(eq(referralInvites.email, account.email.toLowerCase()), open))
      .orderBy(referralInvites.id)
      .limit(1);
    linked = await tx.db
      .update(referralInvites)
      .set(join)
      .where(and(sql`${referralInvites.id} = (${oldest})`, open))
      .returning({ id: referralInvites.id });
  }
  if (linked.length > 0 && account.emailVerified) await confirmAccount(tx, account.id);
}

/**
 * The account is confirmed (e-mail verified): the invite it joined through, if any, pays its inviter
 * REFERRAL_REWARD NeonBits once — the UPDATE … WHERE confirmed_at IS NULL lets one caller through, and the
 * ledger's unique reference (`referral:<invite id>`) would refuse a second grant anyway. An account whose
 * address reaches the mailbox of another account (the inviter's included) pays nothing: the invite is refused.
 */
export async function confirmAccount(tx: Tx, userId: string): Promise<boolean> {
  const [invite] = await tx.db
    .update(referralInvites)
    .set({ confirmedAt: new Date() })
    .where(and(eq(referralInvites.inviteeId, userId), isNull(referralInvites.confirmedAt)))
    .returning({ id: referralInvites.id, inviterId: referralInvites.inviterId });
  if (!invite) return false;
  const [account] = await tx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!account || (await accountWithMailbox(tx.db, account.email, userId))) {
    await tx.db.update(referralInvites).set({ refusedAt: new Date() }).where(eq(referralInvites.id, invite.id));
    return false;
  }
  const granted = await grantNeonBits(tx.db, {
    userId: invite.inviterId,
    amount: REFERRAL_REWARD,
    reason: "referral",
    reference: `referral:${invite.id}`,
    description: "Someone you invited joined NeonLab",
  });
  if (granted) {
    await tx.publish("referral.joined", {
      inviterId: invite.inviterId,
      inviteeId: userId,
      inviteId: invite.id,
      reward: REFERRAL_REWARD,
    });
  }
  return granted;
}
