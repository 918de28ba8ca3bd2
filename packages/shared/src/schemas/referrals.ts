import { z } from "zod";
import { emailSchema } from "./auth.ts";
import { isoDateTime } from "./common.ts";
import { userCardSchema } from "./community.ts";

// Referrals (spec §7 users/referrals, users/referrals/manage; product rules "Referrals"; decision 031).

/** NeonBits the inviter gets when the invited account is confirmed (product rules). */
export const REFERRAL_REWARD = 200;
/**
 * Invites one user may have counted a day: mails (new or sent again) and sign-ups through their personal link
 * together. A link sign-up past the cap links nothing (and pays nothing).
 */
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

/** How an invite came about: a mail to an address, or a sign-up through the inviter's personal link. */
export const INVITE_VIAS = ["email", "link"] as const;
export type InviteVia = (typeof INVITE_VIAS)[number];

export const inviteSchema = z.object({
  id: z.number().int(),
  /** The invited address; null for a sign-up through the personal link (the invitee's address is never shown). */
  email: z.string().nullable(),
  via: z.enum(INVITE_VIAS),
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

/**
 * The caller's personal invite link: `PUBLIC_URL/register?referral=<code>`. The code is the user's own, random
 * (96 bits), the same every time, and names neither the user's id nor their address.
 */
export const referralLinkSchema = z.object({ code: z.string(), url: z.string() });
export type ReferralLink = z.infer<typeof referralLinkSchema>;

/**
 * GET users/referrals: the caller's invites, newest first (at most 100), what they earned, their personal link,
 * and the invites counted in the last 24 hours (mails and link sign-ups) against `per_day`.
 */
export const invitesSchema = z.object({
  items: z.array(inviteSchema),
  earned: z.number().int(),
  sent_today: z.number().int(),
  per_day: z.number().int(),
  link: referralLinkSchema,
});
export type Invites = z.infer<typeof invitesSchema>;

export const inviteResultSchema = z.object({ message: z.string(), invite: inviteSchema });
export type InviteResult = z.infer<typeof inviteResultSchema>;
