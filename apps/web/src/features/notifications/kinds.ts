import type { NotificationKind } from "@neonlab/shared/realtime";
import type { Notification } from "@neonlab/shared/schemas/community";

/** Settings → Notifications: each kind's switch label. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  connection_request: "Connection requests",
  connection_accepted: "Accepted connection requests",
  blog_approved: "Blog posts approved",
  blog_rejected: "Blog posts rejected",
  badge_earned: "Badges earned",
  referral_joined: "Invited friends who joined",
  report_resolved: "Reports resolved",
  giveaway_won: "Giveaway wins",
  subscription_changed: "Subscription changes",
};

/** The sentence a notification shows. */
export function notificationText(n: Notification): string {
  const who = n.actor?.display_name ?? "Someone";
  switch (n.kind) {
    case "connection_request":
      return `${who} wants to connect with you.`;
    case "connection_accepted":
      return `${who} accepted your connection request.`;
    case "blog_approved":
      return typeof n.data.title === "string"
        ? `Your blog "${n.data.title}" was approved and is published.`
        : "Your blog post was approved and is published.";
    case "blog_rejected":
      return typeof n.data.reason === "string"
        ? `Your blog${typeof n.data.title === "string" ? ` "${n.data.title}"` : ""} was sent back: ${n.data.reason}`
        : "Your blog post was not approved.";
    case "badge_earned":
      return typeof n.data.badge_name === "string"
        ? `You earned the ${n.data.badge_name} badge.`
        : "You earned a new badge.";
    case "referral_joined":
      return `${who} joined NeonLab through your invite.`;
    case "report_resolved":
      return "A report you sent was resolved.";
    case "giveaway_won":
      return typeof n.data.prize === "number"
        ? `You won ${n.data.prize} NeonBits in the giveaway!`
        : "You won the giveaway!";
    case "subscription_changed":
      return subscriptionText(n.data);
  }
}

/** Where a notification leads. */
export function notificationLink(n: Notification, ownUsername: string): string | null {
  if (n.kind === "connection_request") return `/connections/${ownUsername}`;
  if (n.kind === "connection_accepted" && n.actor) return `/profile/${n.actor.username}`;
  if (n.kind === "badge_earned") return `/profile/${ownUsername}`;
  if (n.kind === "subscription_changed") return "/settings";
  if (n.kind === "report_resolved") return "/help";
  if (n.kind === "giveaway_won") return "/giveaway";
  if (n.kind === "referral_joined") return "/settings?tab=invite";
  if (n.kind === "blog_approved" && typeof n.data.slug === "string") return `/blogs/${n.data.slug}`;
  if (n.kind === "blog_rejected" && typeof n.data.blog_id === "number") return `/blogs/${n.data.blog_id}/edit`;
  return null;
}

/** What a subscription change means for the learner, from the event's data. */
function subscriptionText(data: Record<string, unknown>): string {
  const end = typeof data.period_end === "string" ? new Date(data.period_end).toLocaleDateString() : null;
  if (data.has_access === false) return "Your Pro subscription has ended.";
  if (data.cancel_at_period_end === true)
    return end ? `Your Pro subscription will end on ${end}.` : "Your Pro subscription will end.";
  if (data.status === "active" || data.status === "trialing") return "Pro is active. Every lesson is open to you.";
  return "Your subscription changed.";
}
