import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { learnerPresence } from "./schema.ts";
import { streakInstant } from "./streak-service.ts";

/**
 * A visit is a run of signed-in requests with no gap over this. An app reconnecting sends its first reads and its
 * queued writes within moments, so they are one visit; the streak's rule asks about the visit before
 * (docs/product-rules-notes.md, offline lessons).
 */
export const VISIT_GAP_MS = 2 * 60_000;

/** A learner's presence is written at most this often per process; well under VISIT_GAP_MS. */
export const PRESENCE_WRITE_EVERY_MS = 20_000;

/** The most learners a process keeps a last write for (the oldest goes first: at worst one write more). */
const MAX_TRACKED = 50_000;

/**
 * When each learner's presence was last written by this process, to skip writes within `everyMs`. The map is kept
 * in write order (a write moves its learner to the end), so each write also drops, from the front, the entries
 * older than `everyMs` (they skip nothing any more) and any beyond `max`: it holds at most the learners written
 * within the last `everyMs`, and never more than `max`.
 */
export function createPresenceThrottle(everyMs = PRESENCE_WRITE_EVERY_MS, max = MAX_TRACKED) {
  const written = new Map<string, number>();
  return {
    /** Whether `userId`'s presence is to be written at `at` (ms); when it is, the write is noted. */
    due(userId: string, at: number): boolean {
      const last = written.get(userId);
      // A clock set back writes again rather than skipping until it catches up.
      if (last !== undefined && at >= last && at - last < everyMs) return false;
      written.delete(userId);
      written.set(userId, at);
      for (const [id, time] of written) {
        if (written.size <= max && at - time < everyMs) break;
        written.delete(id);
      }
      return true;
    },
    get size() {
      return written.size;
    },
  };
}

const throttle = createPresenceThrottle();

/**
 * Notes a signed-in request of `userId` (the progress manifest's signed-in hook, run after every API request of a
 * signed-in user answered with success): the presence write, at most once per PRESENCE_WRITE_EVERY_MS per learner and process, is
 * not awaited and its failure only logged, so a request is never held up or failed by it.
 */
export function notePresence(ctx: { db: Db; log: FastifyBaseLogger }, userId: string, now = new Date()): void {
  if (!throttle.due(userId, now.getTime())) return;
  recordPresence(ctx.db, userId, now).catch((error) =>
    ctx.log.warn({ err: error, userId }, "the learner's presence was not recorded"),
  );
}

/**
 * One statement: the first request makes the row; a later one moves `seen_at` to `now` and, when it starts a visit
 * (over VISIT_GAP_MS since `seen_at`), first keeps the old `seen_at` as `seen_before_visit`. A write that arrives
 * after a later one (two processes, a slow statement) changes nothing, so `seen_at` never goes back.
 */
export async function recordPresence(db: Db, userId: string, now = new Date()): Promise<void> {
  const visitOpen = new Date(now.getTime() - VISIT_GAP_MS).toISOString();
  const { seenAt, seenBeforeVisit } = learnerPresence;
  await db
    .insert(learnerPresence)
    .values({ userId, seenAt: now })
    .onConflictDoUpdate({
      target: learnerPresence.userId,
      set: {
        seenBeforeVisit: sql`case when ${seenAt} < ${visitOpen}::timestamptz then ${seenAt} else ${seenBeforeVisit} end`,
        seenAt: sql`excluded.seen_at`,
      },
      setWhere: sql`${seenAt} < excluded.seen_at`,
    });
}

/**
 * The last time the server saw `userId` before the visit a request at `now` belongs to; null when it never saw them
 * (no limit). The same answer whether or not the request's own presence write (or that of a request just before
 * it in the same visit) has landed: without it, `seen_at` is over VISIT_GAP_MS old exactly when the request starts
 * a visit, and then `seen_at` is what the write would keep as `seen_before_visit`; with it, `seen_at` is recent and
 * `seen_before_visit` holds that same value. A skipped (throttled) write leaves `seen_at` at most
 * PRESENCE_WRITE_EVERY_MS behind, so a visit ends after a silence of between 100 s and 2 minutes.
 */
export async function seenBeforeVisit(db: Db, userId: string, now = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ seenAt: learnerPresence.seenAt, seenBeforeVisit: learnerPresence.seenBeforeVisit })
    .from(learnerPresence)
    .where(eq(learnerPresence.userId, userId));
  if (!row) return null;
  return now.getTime() - row.seenAt.getTime() > VISIT_GAP_MS ? row.seenAt : row.seenBeforeVisit;
}

/**
 * The streak's instant of a write that may carry a device moment (a completion's `completedAt`, a review
 * answer's `answeredAt`): streakInstant with the learner's last presence before this visit, read only when a
 * moment was sent, so a write made online costs no read.
 */
export async function offlineStreakInstant(
  db: Db,
  userId: string,
  deviceMoment: string | undefined,
  now = new Date(),
): Promise<Date> {
  if (deviceMoment === undefined) return now;
  return streakInstant(deviceMoment, now, await seenBeforeVisit(db, userId, now));
}
