/**
 * Realtime (socket.io) events, shared by the server (which emits them to a user's sockets) and the web
 * client (which listens). Add an event here first: both sides are typed from these maps.
 */

/** Notification kinds (product rules, Community). */
export const NOTIFICATION_KINDS = [
  "connection_request",
  "connection_accepted",
  "blog_approved",
  "blog_rejected",
  "blog_submitted",
  "badge_earned",
  "referral_joined",
  "report_resolved",
  "giveaway_won",
  "subscription_changed",
  "classroom_assignment",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** Kinds only staff (moderators and admins) receive: a blog sent for review. */
export const STAFF_NOTIFICATION_KINDS: readonly NotificationKind[] = ["blog_submitted"];

/** Events the server emits; each value is the listener's signature. */
export interface ServerToClientEvents {
  /** Something happened that concerns the user (a connection request, a badge…). */
  notification: (payload: { kind: NotificationKind; id?: number }) => void;
  /** A notification was removed (its connection request was accepted, declined or cancelled). */
  "notification:removed": (payload: { id: number }) => void;
}

/** Events the client emits: none yet (the client only listens). */
export type ClientToServerEvents = Record<string, never>;

export type RealtimeEvent = keyof ServerToClientEvents;
