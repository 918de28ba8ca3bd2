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
  "badge.earned": { userId: string; chapterId: number; badgeId: number };
  /** That completion finished a course. */
  "course.completed": { userId: string; courseId: number };
  /** A provider event changed a user's subscription (payments/webhook.ts): for notifications. */
  "subscription.changed": {
    userId: string;
    subscriptionId: string;
    status: string;
    cancelAtPeriodEnd: boolean;
    currentPeriodEnd: string;
    hasPaidAccess: boolean;
  };
}

export type EventName = keyof AppEvents;
