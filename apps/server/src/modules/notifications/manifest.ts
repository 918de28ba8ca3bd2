import type { ModuleManifest } from "../../app/module-manifest.ts";
import type { AppEvents } from "../../events/app-events.ts";
import { notificationRoutes } from "./routes.ts";
import { deleteNotificationsOf } from "./service.ts";
import { notifyOn, removeOn } from "./wiring.ts";

const aboutUser = (id: string) => `user:${id}`;
const requestOf = (e: AppEvents["connection.accepted"]) => ({
  userId: e.receiverId,
  kind: "connection_request" as const,
  subject: aboutUser(e.senderId),
});

/** The kinds whose events exist now: a new kind is one `notifyOn` entry. */
export const manifest: ModuleManifest = {
  name: "notifications",
  routes: { notifications: notificationRoutes },
  subscriptions: [
    {
      event: "account.deleted",
      phase: "inTransaction",
      handler: ({ userId }, tx) => deleteNotificationsOf(tx, userId),
    },
    notifyOn("connection.requested", (e) => ({
      userId: e.receiverId,
      kind: "connection_request",
      subject: aboutUser(e.senderId),
      actorId: e.senderId,
    })),
    notifyOn("connection.accepted", (e) => ({
      userId: e.senderId,
      kind: "connection_accepted",
      subject: aboutUser(e.receiverId),
      actorId: e.receiverId,
    })),
    ...removeOn("connection.accepted", requestOf),
    ...removeOn("connection.declined", requestOf),
    ...removeOn("connection.cancelled", requestOf),
    notifyOn("badge.earned", (e) => ({
      userId: e.userId,
      kind: "badge_earned",
      subject: `badge:${e.badgeId}`,
      data: { badge_id: e.badgeId, chapter_id: e.chapterId, badge_name: e.badgeName },
    })),
    notifyOn("giveaway.won", (e) => ({
      userId: e.userId,
      kind: "giveaway_won",
      subject: `giveaway:${e.roundId}`,
      data: { round_id: e.roundId, title: e.title, prize: e.prize },
    })),
    notifyOn("subscription.changed", (e) => ({
      userId: e.userId,
      kind: "subscription_changed",
      // A new state is news (cancel, then reactivate, within the hour: both); the same state again is not.
      subject: `subscription:${e.subscriptionId}:${e.status}:${e.cancelAtPeriodEnd}`,
      data: {
        status: e.status,
        cancel_at_period_end: e.cancelAtPeriodEnd,
        period_end: e.currentPeriodEnd,
        has_access: e.hasPaidAccess,
      },
    })),
    notifyOn("blog.approved", (e) => ({
      userId: e.authorId,
      kind: "blog_approved",
      subject: `blog:${e.blogId}`,
      data: { blog_id: e.blogId, title: e.title, slug: e.slug },
    })),
    notifyOn("blog.rejected", (e) => ({
      userId: e.authorId,
      kind: "blog_rejected",
      subject: `blog:${e.blogId}`,
      data: { blog_id: e.blogId, title: e.title, reason: e.reason },
    })),
    notifyOn("report.resolved", (e) => ({
      userId: e.reporterId,
      kind: "report_resolved",
      subject: `report:${e.reportId}`,
      data: { report_id: e.reportId, report_kind: e.kind },
    })),
    notifyOn("referral.joined", (e) => ({
      userId: e.inviterId,
      kind: "referral_joined",
      subject: `referral:${e.inviteId}`,
      actorId: e.inviteeId,
      data: { invite_id: e.inviteId, reward: e.reward },
    })),
  ],
};
