import type { AppEvents, EventName } from "../../events/app-events.ts";
import type { EventBus } from "../../events/event-bus.ts";
import type { Realtime } from "../../realtime/realtime.ts";
import { deleteNotificationsOf, type NotifyInput, noticeJson, removeNotifications } from "./service.ts";

type Wiring = { events: EventBus; realtime: Pick<Realtime, "toUser"> };
type OneOrMore<T> = T | T[] | null | undefined;
const list = <T>(value: OneOrMore<T>): T[] => (value == null ? [] : Array.isArray(value) ? value : [value]);

/**
 * Notifies when `event` is published: `toNotify` says who gets which kind about what. The notification is
 * written with the event's change (policy and hourly limit applied by the SQL function create_notifications,
 * drizzle/0024: inside the publishing transaction, or inside the writer's own statement when it makes its
 * change in one) and pushed to the user's sockets (any instance) after the commit. Wiring a new kind is one
 * line, e.g. `notifyOn(ctx, "giveaway.won", (e) => ({ userId: e.userId, kind: "giveaway_won", subject: \`giveaway:${e.giveawayId}\` }))`.
 */
export function notifyOn<E extends EventName>(
  ctx: Wiring,
  event: E,
  toNotify: (payload: AppEvents[E]) => OneOrMore<NotifyInput>,
) {
  const inputs = (payload: AppEvents[E]) => list(toNotify(payload));
  ctx.events.onInStatement(event, {
    fn: "create_notifications",
    input: (payload) => inputs(payload).map(noticeJson),
    afterCommit(payload, result) {
      // The ids in the inputs' order, null where the policy held one back.
      const ids = (result ?? []) as (number | string | null)[];
      for (const [i, input] of inputs(payload).entries()) {
        const id = ids[i];
        if (id != null) ctx.realtime.toUser(input.userId, "notification", { kind: input.kind, id: Number(id) });
      }
    },
  });
}

/** Removes notifications when `event` is published (a request accepted, declined or cancelled); tells the sockets. */
export function removeOn<E extends EventName>(
  ctx: Wiring,
  event: E,
  which: (payload: AppEvents[E]) => Parameters<typeof removeNotifications>[1],
) {
  const removed = new WeakMap<object, { id: number; userId: string }[]>();
  ctx.events.onInTransaction(event, async (payload, tx) => {
    removed.set(payload as object, await removeNotifications(tx, which(payload)));
  });
  ctx.events.onAfterCommit(event, (payload) => {
    for (const n of removed.get(payload as object) ?? [])
      ctx.realtime.toUser(n.userId, "notification:removed", { id: n.id });
  });
}

const aboutUser = (id: string) => `user:${id}`;

/** The kinds whose events exist now. Payments and the giveaway add theirs with one `notifyOn` line each. */
export function wireNotifications(ctx: Wiring) {
  ctx.events.onInTransaction("account.deleted", ({ userId }, tx) => deleteNotificationsOf(tx, userId));
  notifyOn(ctx, "connection.requested", (e) => ({
    userId: e.receiverId,
    kind: "connection_request",
    subject: aboutUser(e.senderId),
    actorId: e.senderId,
  }));
  notifyOn(ctx, "connection.accepted", (e) => ({
    userId: e.senderId,
    kind: "connection_accepted",
    subject: aboutUser(e.receiverId),
    actorId: e.receiverId,
  }));
  const requestOf = (e: AppEvents["connection.accepted"]) => ({
    userId: e.receiverId,
    kind: "connection_request" as const,
    subject: aboutUser(e.senderId),
  });
  removeOn(ctx, "connection.accepted", requestOf);
  removeOn(ctx, "connection.declined", requestOf);
  removeOn(ctx, "connection.cancelled", requestOf);
  notifyOn(ctx, "badge.earned", (e) => ({
    userId: e.userId,
    kind: "badge_earned",
    subject: `badge:${e.badgeId}`,
    data: { badge_id: e.badgeId, chapter_id: e.chapterId, badge_name: e.badgeName },
  }));
  notifyOn(ctx, "giveaway.won", (e) => ({
    userId: e.userId,
    kind: "giveaway_won",
    subject: `giveaway:${e.roundId}`,
    data: { round_id: e.roundId, title: e.title, prize: e.prize },
  }));
  notifyOn(ctx, "subscription.changed", (e) => ({
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
  }));
  notifyOn(ctx, "blog.approved", (e) => ({
    userId: e.authorId,
    kind: "blog_approved",
    subject: `blog:${e.blogId}`,
    data: { blog_id: e.blogId, title: e.title, slug: e.slug },
  }));
  notifyOn(ctx, "blog.rejected", (e) => ({
    userId: e.authorId,
    kind: "blog_rejected",
    subject: `blog:${e.blogId}`,
    data: { blog_id: e.blogId, title: e.title, reason: e.reason },
  }));
  notifyOn(ctx, "report.resolved", (e) => ({
    userId: e.reporterId,
    kind: "report_resolved",
    subject: `report:${e.reportId}`,
    data: { report_id: e.reportId, report_kind: e.kind },
  }));
  notifyOn(ctx, "referral.joined", (e) => ({
    userId: e.inviterId,
    kind: "referral_joined",
    subject: `referral:${e.inviteId}`,
    actorId: e.inviteeId,
    data: { invite_id: e.inviteId, reward: e.reward },
  }));
}
