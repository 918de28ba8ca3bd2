import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { INVITE_STATES, INVITE_VIAS, REFERRAL_REWARD } from "@neonlab/shared/schemas/referrals";
import { exportSection, iso, isoOrNull, timestamp } from "../../../export-section.ts";
import { profileRows } from "../../identity/service.ts";
import { referralInvites } from "./schema.ts";
import { inviteState, inviteVia } from "./service.ts";

const { table: profiles, card } = profileRows;

/**
 * The user's invites (address, or "link" for a sign-up through the personal link; state, mails sent, who joined by
 * public name, NeonBits earned) and, when they joined through someone's invite, who invited them (public name).
 * Never the invite codes, nor the personal link's.
 */
export const referralsExportSection = exportSection({
  key: "referrals",
  title: "Invites",
  schema: z.object({
    invites: z.array(
      z.object({
        email: z.string().nullable(),
        via: z.enum(INVITE_VIAS),
        state: z.enum(INVITE_STATES),
        mailsSent: z.number().int(),
        invitedAt: timestamp,
        joinedAt: timestamp.nullable(),
        confirmedAt: timestamp.nullable(),
        joinedAs: z.string().nullable(),
        neonBits: z.number().int(),
      }),
    ),
    invitedBy: z.object({ username: z.string(), joinedAt: timestamp.nullable() }).nullable(),
  }),
  async collect(db, userId) {
    const rows = await db
      .select({ invite: referralInvites, username: card.username })
      .from(referralInvites)
      .leftJoin(profiles, eq(card.userId, referralInvites.inviteeId))
      .where(eq(referralInvites.inviterId, userId))
      .orderBy(asc(referralInvites.id));
    const [by] = await db
      .select({ username: card.username, joinedAt: referralInvites.joinedAt })
      .from(referralInvites)
      .innerJoin(profiles, eq(card.userId, referralInvites.inviterId))
      .where(eq(referralInvites.inviteeId, userId));
    return {
      invites: rows.map(({ invite, username }) => ({
        email: invite.email,
        via: inviteVia(invite),
        state: inviteState(invite),
        mailsSent: invite.sentCount,
        invitedAt: iso(invite.createdAt),
        joinedAt: isoOrNull(invite.joinedAt),
        confirmedAt: isoOrNull(invite.confirmedAt),
        joinedAs: username,
        neonBits: inviteState(invite) === "confirmed" ? REFERRAL_REWARD : 0,
      })),
      invitedBy: by ? { username: by.username, joinedAt: isoOrNull(by.joinedAt) } : null,
    };
  },
});
