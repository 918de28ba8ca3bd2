import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "../../identity/accounts/columns.ts";
import { users } from "../../identity/accounts/schema.ts";

/**
 * An invite: the inviter mailed `email` a sign-up link carrying `code` (docs/decisions/031), or — `email` and
 * `code` both null — an account signed up through the inviter's personal link (referral_links). The account that
 * signs up through it is `inviteeId` (at most one per invite, and one invite per account: the unique indexes);
 * `confirmedAt` is set once, when that account is confirmed, in the transaction that pays the inviter — or,
 * when that account's address reaches the mailbox of the inviter or of another account, sets `refusedAt` and
 * pays nothing.
 * The inviter's deletion deletes their invites; the invitee's only detaches it (ON DELETE SET NULL): the invite
 * stays confirmed, so inviting the same address again can not pay twice.
 */
export const referralInvites = pgTable(
  "referral_invites",
  {
    id: serial("id").primaryKey(),
    inviterId: text("inviter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    code: text("code"),
    inviteeId: text("invitee_id").references(() => users.id, { onDelete: "set null" }),
    sentCount: integer("sent_count").notNull().default(1),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    refusedAt: timestamp("refused_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("referral_invites_code_idx").on(t.code),
    uniqueIndex("referral_invites_invitee_idx").on(t.inviteeId),
    // One invite per address per inviter (a new mail to it is a resend); newest first per inviter.
    uniqueIndex("referral_invites_inviter_email_idx").on(t.inviterId, t.email),
    index("referral_invites_email_idx").on(t.email),
    // A mailed invite has both; a sign-up through the personal link neither (its address is never kept here).
    check("referral_invites_mail_or_link", sql`(${t.email} is null) = (${t.code} is null)`),
  ],
);

/**
 * A user's personal invite link (`/register?referral=<code>`): one random code per user, made the first time
 * they look at their invites and the same ever after. A sign-up through it becomes an invite row of its own.
 */
export const referralLinks = pgTable("referral_links", {
  userId: userRef().primaryKey(),
  code: text("code").notNull().unique("referral_links_code_key"),
  createdAt: createdAt(),
});

/** Every invite mail sent (new or again) and every sign-up through a personal link: the per-day cap counts these. */
export const referralSends = pgTable(
  "referral_sends",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    inviteId: integer("invite_id")
      .notNull()
      .references(() => referralInvites.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("referral_sends_user_idx").on(t.userId, t.sentAt)],
);
