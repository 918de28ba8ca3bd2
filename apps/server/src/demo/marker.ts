import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { appMeta, type DemoKind, demoContent } from "./schema.ts";

// The database's record of its demo content (docs/decisions/042): the marker row says it was seeded once (and
// when it was removed), demo_content lists the rows. Both live in the database, so a copy of it (a move, a
// restore) is never seeded again.

const MARKER = "demo-content";

export type DemoMarker = { seededAt: string; removedAt: string | null };

export async function readMarker(db: Db): Promise<DemoMarker | null> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, MARKER));
  return (row?.value as DemoMarker | undefined) ?? null;
}

/**
 * Claims the first seeding of this database: true for the one caller (of any instance) that wrote the marker, false
 * when the database has one already.
 */
export async function claimFirstSeeding(db: Db): Promise<boolean> {
  const value: DemoMarker = { seededAt: new Date().toISOString(), removedAt: null };
  const rows = await db.insert(appMeta).values({ key: MARKER, value }).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** Sets the marker: seeded now (an explicit `content demo`), or removed now (kept, so no start seeds again). */
export async function markDemo(db: Db, change: "seeded" | "removed") {
  const now = new Date().toISOString();
  const current = await readMarker(db);
  const value: DemoMarker =
    change === "seeded" ? { seededAt: now, removedAt: null } : { seededAt: current?.seededAt ?? now, removedAt: now };
  await db
    .insert(appMeta)
    .values({ key: MARKER, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: sql`now()` } });
}

export async function recordDemoRow(db: Db, kind: DemoKind, ref: string | number) {
  await db
    .insert(demoContent)
    .values({ kind, ref: String(ref) })
    .onConflictDoNothing();
}

export async function demoRows(db: Db): Promise<{ kind: DemoKind; ref: string }[]> {
  return db.select({ kind: demoContent.kind, ref: demoContent.ref }).from(demoContent);
}

export async function forgetDemoRows(db: Db) {
  await db.delete(demoContent);
}

/** Drops the marker: after a seeding that failed and was undone, the next start tries again. */
export async function clearMarker(db: Db) {
  await db.delete(appMeta).where(eq(appMeta.key, MARKER));
}
