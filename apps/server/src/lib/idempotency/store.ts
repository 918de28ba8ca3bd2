import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { idempotencyKeys } from "./schema.ts";

/**
 * How long a key and its answer are kept: 48 hours, so a write made offline and sent a day or two later
 * (the web app's offline queue) is still answered from its first run when sent again.
 */
export const KEY_LIFETIME = sql.raw("interval '48 hours'");
/**
 * A key still marked running after this long belongs to a request that never finished (the process
 * died between its effect and storing the answer); the next request with the key runs again.
 */
export const ABANDONED_AFTER = sql.raw("interval '5 minutes'");

export type KeyOwner = { userId: string; key: string };
export type StoredAnswer = { status: number; contentType: string | null; body: string | null };
export type Claim =
  | { kind: "claimed" }
  | { kind: "replay"; answer: StoredAnswer }
  | { kind: "mismatch" }
  | { kind: "in-progress" };

const ownedBy = ({ userId, key }: KeyOwner) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

/**
 * Takes the key for a request with this fingerprint, or says why not. One statement claims a new key,
 * an expired one or an abandoned one; a live row of the key is read and compared otherwise.
 */
export async function claimKey(db: Db, owner: KeyOwner, fingerprint: string): Promise<Claim> {
  // A row released (5xx) between the two statements is claimed on the next turn.
  for (let turn = 0; turn < 3; turn++) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ ...owner, fingerprint })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { fingerprint, status: null, contentType: null, body: null, createdAt: sql`now()` },
        setWhere: sql`${idempotencyKeys.createdAt} < now() - ${KEY_LIFETIME}
          or (${idempotencyKeys.status} is null and ${idempotencyKeys.createdAt} < now() - ${ABANDONED_AFTER})`,
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) return { kind: "claimed" };
    const [row] = await db.select().from(idempotencyKeys).where(ownedBy(owner));
    if (!row) continue;
    if (row.fingerprint !== fingerprint) return { kind: "mismatch" };
    if (row.status === null) return { kind: "in-progress" };
    return { kind: "replay", answer: { status: row.status, contentType: row.contentType, body: row.body } };
  }
  return { kind: "in-progress" };
}

/** Keeps the finished request's answer for the key's replays. */
export async function saveAnswer(db: Db, owner: KeyOwner, answer: StoredAnswer) {
  await db
    .update(idempotencyKeys)
    .set(answer)
    .where(and(ownedBy(owner), isNull(idempotencyKeys.status)));
}

/** Gives a claimed key back (the request failed on our side): a retry with it runs again. */
export async function releaseKey(db: Db, owner: KeyOwner) {
  await db.delete(idempotencyKeys).where(and(ownedBy(owner), isNull(idempotencyKeys.status)));
}

/** Deletes keys past their lifetime; returns how many. */
export async function deleteExpiredKeys(db: Db): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - ${KEY_LIFETIME}`))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
