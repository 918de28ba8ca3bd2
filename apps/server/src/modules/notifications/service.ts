import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { NOTIFICATIONS_PER_PAGE } from "@neonlab/shared/constants";
import type { NotificationKind } from "@neonlab/shared/realtime";
import type { NotificationPreferences, NotificationsPage } from "@neonlab/shared/schemas/community";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { preparedPerDb, typedPlaceholder } from "../../lib/prepared.ts";
import type { RunInTransaction } from "../../transaction.ts";
import { profileRows } from "../identity/service.ts";
import { notificationCounters, notificationPreferences, notifications, notificationThrottle } from "./schema.ts";

/** What a notification is: for whom, which kind, about what (`subject`: the hourly limit's key), by whom. */
export type NotifyInput = {
  userId: string;
  kind: NotificationKind;
  /** What it is about, e.g. `user:<id>`, `badge:3`: one of a kind about the same subject per hour at most. */
  subject: string;
  actorId?: string | null;
  data?: Record<string, unknown>;
};

export type CreatedNotification = { id: number; userId: string; kind: NotificationKind };

/** Moves the user's exact totals (same transaction as the change). */
async function bumpCounters(tx: Db, userId: string, total: number, unread: number) {
  await tx
    .insert(notificationCounters)
    .values({ userId, total: Math.max(total, 0), unread: Math.max(unread, 0) })
    .onConflictDoUpdate({
      target: notificationCounters.userId,
      set: {
        total: sql`${notificationCounters.total} + ${total}`,
        unread: sql`${notificationCounters.unread} + ${unread}`,
      },
    });
}

/** A notification as create_notifications (drizzle/0024) reads it from its JSON array. */
export type NoticeJson = {
  user_id: string;
  kind: NotificationKind;
  subject: string;
  actor_id: string | null;
  data: object;
};

export const noticeJson = (input: NotifyInput): NoticeJson => ({
  user_id: input.userId,
  kind: input.kind,
  subject: input.subject,
  actor_id: input.actorId ?? null,
  data: input.data ?? {},
});

const createQuery = preparedPerDb((db) =>
  db
    .select({ id: sql<number | null>`made.id` })
    .from(
      sql`create_notification(${sql.join(
        [
          typedPlaceholder("userId", "text"),
          typedPlaceholder("kind", "text"),
          typedPlaceholder("subject", "text"),
          typedPlaceholder("actorId", "text"),
          typedPlaceholder("data", "jsonb"),
        ],
        sql`, `,
      )}) as made(id)`,
    )
    .prepare("create_notification"),
);

/**
 * Creates a notification in the caller's transaction, unless the user paused notifications, switched the
 * kind off, or got one of this kind about this subject within the hour (an atomic upsert decides, so
 * concurrent calls make one): the policy is the SQL function create_notification (drizzle/0024), which
 * event writers also call inside their own statement (wiring.ts). Returns it, or null when held back.
 */
export async function createNotification(tx: Db, input: NotifyInput): Promise<CreatedNotification | null> {
  const notice = noticeJson(input);
  const [made] = await createQuery(tx).execute({
    userId: notice.user_id,
    kind: notice.kind,
    subject: notice.subject,
    actorId: notice.actor_id,
    data: JSON.stringify(notice.data),
  });
  return made?.id == null ? null : { id: Number(made.id), userId: input.userId, kind: input.kind };
}

/**
 * Creates several notifications in the caller's transaction, each under create_notification's policy, in one
 * call of create_notifications (drizzle/0024): what a statement handler of notifyOn calls too. The ids in the
 * inputs' order, null where the policy held one back.
 */
export async function createNotifications(tx: Db, inputs: readonly NotifyInput[]): Promise<(number | null)[]> {
  if (inputs.length === 0) return [];
  const notices = JSON.stringify(inputs.map(noticeJson));
  const { rows } = (await tx.execute(sql`select create_notifications(${notices}::jsonb) as ids`)) as {
    rows: { ids: (number | string | null)[] | null }[];
  };
  return (rows[0]?.ids ?? []).map((id) => (id == null ? null : Number(id)));
}

/** Which notifications no longer hold: of a kind, about one of the subjects; the user's, or (no userId) everyone's. */
export type RemoveWhere = { userId?: string; kind: NotificationKind; subject: string | readonly string[] };

/**
 * Deletes the notifications that no longer hold (a request accepted or declined, a blog reviewed, a subscription
 * in a new state); each owner's counters follow. Answers what went, for the sockets.
 */
export async function removeNotifications(tx: Db, where: RemoveWhere) {
  const subjects = typeof where.subject === "string" ? [where.subject] : [...where.subject];
  if (subjects.length === 0) return [];
  const gone = await tx
    .delete(notifications)
    .where(
      and(
        where.userId === undefined ? undefined : eq(notifications.userId, where.userId),
        eq(notifications.kind, where.kind),
        subjects.length === 1 ? eq(notifications.subject, subjects[0]!) : inArray(notifications.subject, subjects),
      ),
    )
    .returning({ id: notifications.id, userId: notifications.userId, read: notifications.read });
  const perUser = new Map<string, { total: number; unread: number }>();
  for (const n of gone) {
    const t = perUser.get(n.userId) ?? { total: 0, unread: 0 };
    t.total += 1;
    if (!n.read) t.unread += 1;
    perUser.set(n.userId, t);
  }
  // One order for every remover, so two of them never wait on each other's counter rows.
  for (const [owner, t] of [...perUser].sort(([a], [b]) => (a < b ? -1 : 1)))
    await bumpCounters(tx, owner, -t.total, -t.unread);
  return gone.map((n) => ({ id: n.id, userId: n.userId }));
}

/** account.deleted: the user's notifications, settings and limits, and others' notifications they caused. */
export async function deleteNotificationsOf(tx: Db, userId: string) {
  const caused = await tx
    .delete(notifications)
    .where(eq(notifications.actorId, userId))
    .returning({ userId: notifications.userId, read: notifications.read });
  const perUser = new Map<string, { total: number; unread: number }>();
  for (const n of caused) {
    const t = perUser.get(n.userId) ?? { total: 0, unread: 0 };
    t.total += 1;
    if (!n.read) t.unread += 1;
    perUser.set(n.userId, t);
  }
  for (const [owner, t] of perUser) if (owner !== userId) await bumpCounters(tx, owner, -t.total, -t.unread);
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(notificationCounters).where(eq(notificationCounters.userId, userId));
  await tx.delete(notificationThrottle).where(eq(notificationThrottle.userId, userId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

async function counters(db: Db, userId: string) {
  const [row] = await db
    .select({ total: notificationCounters.total, unread: notificationCounters.unread })
    .from(notificationCounters)
    .where(eq(notificationCounters.userId, userId));
  return row ?? { total: 0, unread: 0 };
}

/** Newest first, 15 a page, by keyset (`before`: the last id of the previous page); exact totals from counters. */
export async function listNotifications(db: Db, userId: string, before?: number): Promise<NotificationsPage> {
  const actor = profileRows.table;
  const found = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      read: notifications.read,
      createdAt: notifications.createdAt,
      data: notifications.data,
      actorId: actor.id,
      actorUsername: actor.username,
      actorName: actor.displayName,
      actorAvatar: actor.avatar,
    })
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .where(
      before === undefined
        ? eq(notifications.userId, userId)
        : and(eq(notifications.userId, userId), lt(notifications.id, before)),
    )
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATIONS_PER_PAGE + 1);
  const page = found.slice(0, NOTIFICATIONS_PER_PAGE);
  const { total, unread } = await counters(db, userId);
  return {
    items: page.map((n) => ({
      id: n.id,
      kind: n.kind,
      read: n.read,
      created_at: n.createdAt.toISOString(),
      data: n.data,
      actor:
        n.actorId && n.actorUsername && n.actorName
          ? { id: n.actorId, username: n.actorUsername, display_name: n.actorName, avatar: n.actorAvatar }
          : null,
    })),
    total,
    unread,
    next_before: found.length > NOTIFICATIONS_PER_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function unreadCount(db: Db, userId: string) {
  return { unread: (await counters(db, userId)).unread };
}

/** Marks one of the user's notifications read (404 for anyone else's). */
export async function markRead(transaction: RunInTransaction, userId: string, id: number) {
  return transaction(async ({ db: tx }) => {
    const changed = await tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    if (changed.length === 0) {
      const mine = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
      if (mine.length === 0) throw notFound("There is no such notification.");
    } else {
      await bumpCounters(tx, userId, 0, -1);
    }
    return unreadCount(tx, userId);
  });
}

/** Marks every unread notification of the user read; the counter drops by exactly the rows changed. */
export async function markAllRead(db: Db, userId: string) {
  await db.execute(sql`
    with changed as (
      update notifications set read = true where user_id = ${userId} and not read returning 1
    )
    update notification_counters set unread = unread - (select count(*)::int from changed)
    where user_id = ${userId}`);
  return unreadCount(db, userId);
}

export async function getPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select({ paused: notificationPreferences.paused, disabled: notificationPreferences.disabled })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? { paused: false, disabled: [] };
}

export async function savePreferences(db: Db, userId: string, prefs: NotificationPreferences) {
  const value = { paused: prefs.paused, disabled: [...new Set(prefs.disabled)] };
  await db
    .insert(notificationPreferences)
    .values({ userId, ...value })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: value });
  return value;
}
