import { SUBSCRIPTION_STATUSES } from "@neonlab/shared/schemas/payments";
import { REPORT_CAUSES } from "@neonlab/shared/schemas/reports";
import type { ModuleManifest } from "../../app/module-manifest.ts";
import type { Db } from "../../db/client.ts";
import type { AppEvents } from "../../events/app-events.ts";
import { staffIds } from "../identity/service.ts";
import { notificationRoutes } from "./routes.ts";
import { deleteNotificationsOf } from "./service.ts";
import { notifyOn, removeOn } from "./wiring.ts";
import { notificationsExportSection } from "./export-section.ts";

const aboutUser = (id: string) => `user:${id}`;
const requestOf = (e: AppEvents["connection.accepted"]) => ({
  userId: e.receiverId,
  kind: "connection_request" as const,
  subject: aboutUser(e.senderId),
});

// Each notification's `data` carries what the web needs to name its subject and link to it, as data (ids,
// titles, paths, ISO dates: never a formatted date): `subject_title` names what it is about when that is not
// a user (a user is the actor, read with their current name), `link` is the app path it leads to.

const aboutBlog = (id: number) => `blog:${id}`;
/** A blog waiting for review: the staff's notices of it, once it is reviewed or taken back. */
const reviewOf = (e: { blogId: number }) => ({ kind: "blog_submitted" as const, subject: aboutBlog(e.blogId) });
const REVIEW_QUEUE_LINK = "/blogs/my-blogs#review-queue";
/** Every staff account (moderators and admins): who hears of a blog waiting for review. */
const staff = (_payload: unknown, db: Db) => staffIds(db);

/** What a subscription's notice says (as the web words it): ended, ending at period end, or its status. */
type SubscriptionEvent = AppEvents["subscription.changed"];
const noticeOf = (e: SubscriptionEvent) => (!e.hasPaidAccess ? "ended" : e.cancelAtPeriodEnd ? "ending" : e.status);
const aboutSubscription = (id: string, notice: string) => `subscription:${id}:${notice}`;
/** The subjects rows had before (`<status>:<cancel at period end>`), with `cancel` only those of that flag. */
const earlierSubjects = (id: string, cancel?: boolean) =>
  SUBSCRIPTION_STATUSES.flatMap((status) =>
    [true, false].filter((c) => cancel === undefined || c === cancel).map((c) => `subscription:${id}:${status}:${c}`),
  );
/** The notices of the subscription that no longer hold once it is in the state `e` says. */
function staleSubscriptionNotices(e: SubscriptionEvent): string[] {
  const id = e.subscriptionId;
  const notice = noticeOf(e);
  if (notice === "ended")
    return [...["ending", ...SUBSCRIPTION_STATUSES].map((n) => aboutSubscription(id, n)), ...earlierSubjects(id)];
  if (notice !== "ending") return [aboutSubscription(id, "ending"), ...earlierSubjects(id, true)];
  return [];
}

/** What a resolved report was about: the cause and the lesson, or the cause and the start of its text. */
function reportTitle(e: AppEvents["report.resolved"]): string {
  const causes: Record<string, string> = REPORT_CAUSES[e.kind];
  const cause = causes[e.cause] ?? e.cause;
  return e.lesson ? `${cause} · ${e.lesson.title}` : `${cause}: “${e.excerpt}”`;
}

/** The kinds whose events exist now: a new kind is one `notifyOn` entry. */
export const manifest: ModuleManifest = {
  name: "notifications",
  routes: { notifications: notificationRoutes },
  exportSections: [notificationsExportSection],
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
      data: { round_id: e.roundId, title: e.title, prize: e.prize, subject_title: e.title, link: "/giveaway" },
    })),
    // What no longer holds goes: reactivated, the "will end on" notice; ended, every earlier state's notice.
    ...removeOn("subscription.changed", (e) => ({
      userId: e.userId,
      kind: "subscription_changed",
      subject: staleSubscriptionNotices(e),
    })),
    notifyOn("subscription.changed", (e) => ({
      userId: e.userId,
      kind: "subscription_changed",
      // A new state is news; the same state again within the hour is not.
      subject: aboutSubscription(e.subscriptionId, noticeOf(e)),
      data: {
        status: e.status,
        cancel_at_period_end: e.cancelAtPeriodEnd,
        period_end: e.currentPeriodEnd,
        has_access: e.hasPaidAccess,
        subject_title: "NeonLab Pro",
        link: "/settings?tab=subscription",
      },
    })),
    ...notifyOn(
      "blog.submitted",
      (e) => ({
        kind: "blog_submitted",
        subject: aboutBlog(e.blogId),
        actorId: e.authorId,
        data: { blog_id: e.blogId, title: e.title, subject_title: e.title, link: REVIEW_QUEUE_LINK },
      }),
      staff,
    ),
    // Once a blog is reviewed (by anyone) or taken back, no one needs to review it any more.
    ...removeOn("blog.approved", reviewOf),
    ...removeOn("blog.rejected", reviewOf),
    ...removeOn("blog.withdrawn", reviewOf),
    notifyOn("blog.approved", (e) => ({
      userId: e.authorId,
      kind: "blog_approved",
      subject: aboutBlog(e.blogId),
      data: { blog_id: e.blogId, title: e.title, slug: e.slug, subject_title: e.title, link: `/blogs/${e.slug}` },
    })),
    notifyOn("blog.rejected", (e) => ({
      userId: e.authorId,
      kind: "blog_rejected",
      subject: aboutBlog(e.blogId),
      data: {
        blog_id: e.blogId,
        title: e.title,
        reason: e.reason,
        subject_title: e.title,
        link: `/blogs/${e.blogId}/edit`,
      },
    })),
    notifyOn("report.resolved", (e) => ({
      userId: e.reporterId,
      kind: "report_resolved",
      subject: `report:${e.reportId}`,
      data: {
        report_id: e.reportId,
        report_kind: e.kind,
        cause: e.cause,
        subject_title: reportTitle(e),
        link: e.lesson?.path ?? "/help#your-reports",
      },
    })),
    notifyOn("referral.joined", (e) => ({
      userId: e.inviterId,
      kind: "referral_joined",
      subject: `referral:${e.inviteId}`,
      actorId: e.inviteeId,
      data: { invite_id: e.inviteId, reward: e.reward },
    })),
    // One notice per member and assignment, under the same policy and hourly cap as every kind.
    notifyOn("classroom.assigned", (e) =>
      e.memberIds.map((userId) => ({
        userId,
        kind: "classroom_assignment" as const,
        subject: `classroom-assignment:${e.assignmentId}`,
        actorId: e.actorId,
        data: {
          classroom_id: e.classroomId,
          classroom_name: e.classroomName,
          subject_title: e.title,
          due_date: e.dueDate,
          link: `/classrooms/${e.classroomId}`,
        },
      })),
    ),
  ],
};
