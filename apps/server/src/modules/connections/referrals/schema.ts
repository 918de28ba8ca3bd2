import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "../../identity/accounts/columns.ts";
import { users } from "../../identity/accounts/schema.ts";

/**
 * An invite: the inviter mailed `email` a sign-up link carrying `code` (docs/decisions/031). The account that
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
    email: text("email").notNull(),
    code: text("code").notNull(),
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
  ],
);

/** Every invite mail sent (new or again): the per-day cap counts these. */
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
