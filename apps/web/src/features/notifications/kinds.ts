import type { NotificationKind } from "@neonlab/shared/realtime";
import type { Notification } from "@neonlab/shared/schemas/community";
import { REVIEW_QUEUE_PATH } from "../../lib/review-queue.ts";

/** Settings → Notifications: each kind's switch label. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  connection_request: "Connection requests",
  connection_accepted: "Accepted connection requests",
  blog_approved: "Blog posts approved",
  blog_rejected: "Blog posts rejected",
  blog_submitted: "Blogs waiting for review",
  badge_earned: "Badges earned",
  referral_joined: "Invited friends who joined",
  report_resolved: "Reports resolved",
  giveaway_won: "Giveaway wins",
  subscription_changed: "Subscription changes",
  classroom_assignment: "Classroom assignments",
};

/** What a notification shows: its sentence, what it is about (when the sentence does not say), where it leads. */
export type NotificationView = { text: string; subject: string | null; link: string | null };

/** How the reader's dates look (lib/dates.ts's useFormatDate: their locale, their zone). */
export type FormatDate = (iso: string) => string;

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);

/** An app path the server stored (`/blogs/…`): never another site, never a protocol. */
const appPath = (value: unknown): string | null =>
  typeof value === "string" && /^\/(?![/\\])/.test(value) && !/[\s\\]/.test(value) ? value : null;

/**
 * The sentence, the subject and the link of a notification. The server stores the subject's title and the link
 * with newer notifications (`data.subject_title`, `data.link`); older ones are read from their other fields, and
 * still show their sentence when they have nothing more. A user as the subject is the actor, by current name.
 */
export function describeNotification(
  n: Notification,
  { username, formatDate }: { username: string; formatDate: FormatDate },
): NotificationView {
  const who = n.actor?.display_name ?? "Someone";
  const subject = text(n.data.subject_title);
  const stored = appPath(n.data.link);
  const view = (sentence: string, about: string | null, fallback: string | null): NotificationView => ({
    text: sentence,
    subject: about,
    link: stored ?? fallback,
  });
  const title = text(n.data.title);
  switch (n.kind) {
    case "connection_request":
      return view(`${who} wants to connect with you.`, null, `/connections/${username}`);
    case "connection_accepted":
      return view(`${who} accepted your connection request.`, null, n.actor ? `/profile/${n.actor.username}` : null);
    case "blog_submitted":
      return view(`${who} sent a blog for review.`, subject ?? title, REVIEW_QUEUE_PATH);
    case "blog_approved":
      return view(
        title ? `Your blog "${title}" was approved and is published.` : "Your blog post was approved and is published.",
        null,
        text(n.data.slug) ? `/blogs/${n.data.slug}` : null,
      );
    case "blog_rejected":
      return view(
        text(n.data.reason)
          ? `Your blog${title ? ` "${title}"` : ""} was sent back: ${n.data.reason}`
          : "Your blog post was not approved.",
        null,
        typeof n.data.blog_id === "number" ? `/blogs/${n.data.blog_id}/edit` : null,
      );
    case "badge_earned":
      return view(
        text(n.data.badge_name) ? `You earned the ${n.data.badge_name} badge.` : "You earned a new badge.",
        null,
        `/profile/${username}`,
      );
    case "referral_joined":
      return view(`${who} joined NeonLab through your invite.`, null, "/settings?tab=invite");
    case "report_resolved":
      return view("A report you sent was resolved.", subject, "/help#your-reports");
    case "giveaway_won":
      return view(
        typeof n.data.prize === "number"
          ? `You won ${n.data.prize} NeonBits in the giveaway!`
          : "You won the giveaway!",
        subject ?? title,
        "/giveaway",
      );
    case "subscription_changed":
      return view(subscriptionText(n.data, formatDate), null, "/settings?tab=subscription");
    case "classroom_assignment":
      return view(
        text(n.data.classroom_name)
          ? `New assignment in ${n.data.classroom_name}${text(n.data.due_date) ? `, due ${n.data.due_date}` : ""}.`
          : "You have a new classroom assignment.",
        subject ?? title,
        typeof n.data.classroom_id === "number" ? `/classrooms/${n.data.classroom_id}` : "/classrooms",
      );
  }
}

/** What a subscription change means for the learner, from the event's data (the date formatted here). */
function subscriptionText(data: Record<string, unknown>, formatDate: FormatDate): string {
  const end = text(data.period_end) ? formatDate(data.period_end as string) : "";
  if (data.has_access === false) return "Your Pro subscription has ended.";
  if (data.cancel_at_period_end === true)
    return end ? `Your Pro subscription will end on ${end}.` : "Your Pro subscription will end.";
  if (data.status === "active" || data.status === "trialing") return "Pro is active. Every lesson is open to you.";
  return "Your subscription changed.";
}
