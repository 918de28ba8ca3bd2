/**
 * Every in-process event and its payload. A module that announces something adds its event here;
 * modules that react subscribe through `ctx.events` (see event-bus.ts). Realtime events for the
 * browser are a different map: `ServerToClientEvents` in @neonlab/shared/realtime.
 */
export interface AppEvents {
  /** A user deleted their account (DELETE /api/users). */
  "account.deleted": { userId: string; email: string };
  /** A learner completed a lesson for the first time (POST /api/lessons/:id/complete). */
  "lesson.completed": { userId: string; lessonId: number; courseId: number; xpAwarded: number };
  /** That completion finished a chapter: its badge is the learner's. */
  "badge.earned": { userId: string; chapterId: number; badgeId: number; badgeName: string };
  /** That completion finished a course. */
  "course.completed": { userId: string; courseId: number };
  /** A learner answered a lesson's quiz wrong (POST /api/lessons/:id/quizes/:quizId/complete), with its attempt. */
  "quiz.missed": { userId: string; lessonId: number; quizId: number };
  /**
   * A moderator set a report to resolved (PATCH …/reports/:id/status): its reporter is told, with what the
   * report was about (its cause, the start of its text, the lesson's title and path for a lesson report).
   */
  "report.resolved": {
    reportId: number;
    reporterId: string;
    kind: "app" | "lesson";
    cause: string;
    excerpt: string;
    lesson: { title: string; path: string } | null;
  };
  /** A connection request was sent (POST /api/users/connections). */
  "connection.requested": ConnectionPair;
  /** The receiver accepted it (once, whatever the concurrency). */
  "connection.accepted": ConnectionPair;
  /** The receiver declined it. */
  "connection.declined": ConnectionPair;
  /** The sender cancelled it, or a block ended it. */
  "connection.cancelled": ConnectionPair;
  /** A connection was removed by either side (or ended by a block). */
  "connection.removed": ConnectionPair;
  /** A giveaway draw made the user a winner; their NeonBits were granted in the same transaction. */
  "giveaway.won": { userId: string; roundId: number; title: string; prize: number };
  /** An author sent a draft for review (draft → pending): the staff are told. */
  "blog.submitted": { blogId: number; authorId: string; title: string };
  /** A blog waiting for review went back to draft before anyone reviewed it (unpublished). */
  "blog.withdrawn": { blogId: number };
  /** A moderator approved a pending blog (once, whatever the concurrency): its author is told. */
  "blog.approved": { blogId: number; authorId: string; title: string; slug: string };
  /** A moderator sent a pending blog back to draft with a reason: its author is told. */
  "blog.rejected": { blogId: number; authorId: string; title: string; reason: string };
  /** A provider event changed a user's subscription (payments/webhook.ts): for notifications. */
  "subscription.changed": {
    userId: string;
    subscriptionId: string;
    status: string;
    cancelAtPeriodEnd: boolean;
    currentPeriodEnd: string;
    hasPaidAccess: boolean;
  };
  /** An account confirmed through someone's invite: the inviter got the referral NeonBits in the same transaction. */
  "referral.joined": { inviterId: string; inviteeId: string; inviteId: number; reward: number };
  /** A teacher assigned a course, chapter or project to a classroom: its members are told. */
  "classroom.assigned": {
    classroomId: number;
    classroomName: string;
    assignmentId: number;
    memberIds: string[];
    actorId: string;
    title: string;
    dueDate: string | null;
  };
}

/** The two ends of a connection request: who sent it, who received it. */
export type ConnectionPair = { senderId: string; receiverId: string };

export type EventName = keyof AppEvents;

/**
 * Events announced by a writer that makes its change in one statement (the lesson completion,
 * learning/completion-write.ts): that statement runs their statement handlers, and there is no transaction for
 * an in-transaction handler to run in, so the event bus refuses those.
 */
export const ONE_STATEMENT_EVENTS: readonly EventName[] = ["lesson.completed", "badge.earned", "course.completed"];
