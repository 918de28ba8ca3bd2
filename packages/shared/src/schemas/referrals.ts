import { z } from "zod";
import { emailSchema } from "./auth.ts";
import { isoDateTime } from "./common.ts";
import { userCardSchema } from "./community.ts";

// Referrals (spec §7 users/referrals, users/referrals/manage; product rules "Referrals"; decision 031).

/** NeonBits the inviter gets when the invited account is confirmed (product rules). */
export const REFERRAL_REWARD = 200;
/** Invite mails (new or sent again) one user may send a day. */
export const INVITES_PER_DAY = 10;
/** The same invite is mailed again at most once an hour. */
export const INVITE_RESEND_MINUTES = 60;

/** POST users/referrals {email} */
export const referralInviteSchema = z.object({ email: emailSchema });
export type ReferralInviteInput = z.infer<typeof referralInviteSchema>;

/**
 * POST users/referrals/manage {referral, email, sendNotification}: `referral` names one of the caller's invites
 * (its id), `email` corrects its address (only before anyone joined through it), `sendNotification: true` mails
 * it again (to the corrected address when one is given). At least one of the two.
 */
export const referralManageSchema = z
  .object({
    referral: z
      .number({ error: "referral must be the id of one of your invites" })
      .int("referral must be the id of one of your invites")
      .positive("referral must be the id of one of your invites")
      .max(2 ** 31 - 1, "referral must be the id of one of your invites"),
    email: emailSchema.optional(),
    sendNotification: z.boolean({ error: "sendNotification must be true or false" }).optional(),
  })
  .refine((v) => v.email !== undefined || v.sendNotification === true, {
    error: "Give a corrected email, or sendNotification: true to send the invite again.",
  });
export type ReferralManageInput = z.infer<typeof referralManageSchema>;

/**
 * sent: mailed, nobody joined yet; joined: an account signed up through it, not yet confirmed; confirmed:
 * rewarded; refused: confirmed, but its address reaches the inviter's or another account's mailbox (a +tag,
 * gmail's dots): no reward.
 */
export const INVITE_STATES = ["sent", "joined", "confirmed", "refused"] as const;
export type InviteState = (typeof INVITE_STATES)[number];

export const inviteSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  state: z.enum(INVITE_STATES),
  sent_count: z.number().int(),
  last_sent_at: isoDateTime,
  created_at: isoDateTime,
  /** The account that joined through it (public names), once one did. */
  invitee: userCardSchema.nullable(),
  /** NeonBits this invite earned (200 once confirmed, else 0; refused: 0). */
  reward: z.number().int(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** GET users/referrals: the caller's invites, newest first (at most 100), and what they earned. */
export const invitesSchema = z.object({
  items: z.array(inviteSchema),
  earned: z.number().int(),
  sent_today: z.number().int(),
  per_day: z.number().int(),
});
export type Invites = z.infer<typeof invitesSchema>;

export const inviteResultSchema = z.object({ message: z.string(), invite: inviteSchema });
export type InviteResult = z.infer<typeof inviteResultSchema>;
