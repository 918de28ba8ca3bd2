import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { StarRating, VoteItemKind } from "@neonlab/shared/schemas/votes";
import type { Db } from "../../../db/client.ts";
import { votes, voteTotals } from "./schema.ts";

// Votes on items of other modules (courses now; projects and blogs when they land: one call each). The
// item's module checks that the item exists and that the caller may vote on it; this module keeps one vote
// per user per item and the item's totals (drizzle/0011's trigger).

type StarKind = Exclude<VoteItemKind, "blog">;

/** Sets the caller's stars on an item (a new vote, or a changed one); the item's rating after it. */
export async function castStars(
  db: Db,
  vote: { userId: string; kind: StarKind; itemId: number; stars: number },
): Promise<StarRating> {
  await db
    .insert(votes)
    .values({ userId: vote.userId, itemKind: vote.kind, itemId: vote.itemId, value: vote.stars })
    .onConflictDoUpdate({
      target: [votes.itemKind, votes.itemId, votes.userId],
      set: { value: vote.stars, updatedAt: new Date() },
      // The same stars again change nothing (no row version, no trigger).
      setWhere: sql`${votes.value} <> excluded.value`,
    });
  const [row] = await db
    .select(starRatingColumns(vote.kind, sql`${vote.itemId}::int`, vote.userId))
    .from(sql`(select 1) as one`);
  return presentStars(row!);
}

type StarRow = { votes: number | null; total: number | null; mine: number | null };

/**
 * For the item module's reads, one statement: an item's vote count, star total and the caller's stars
 * as select-list columns beside the item's own (`itemId`: the item's id, as SQL naming its table, or a value).
 */
export function starRatingColumns(kind: StarKind, itemId: SQL, userId: string | null) {
  // Spelled with their tables: Drizzle renders select-list columns bare, which a subquery would resolve
  // in the wrong scope.
  const t = (column: AnyPgColumn) => sql`${voteTotals}.${sql.identifier(column.name)}`;
  const v = (column: AnyPgColumn) => sql`${votes}.${sql.identifier(column.name)}`;
  const totals = (column: AnyPgColumn) =>
    sql<number | null>`(select ${t(column)} from ${voteTotals}
      where ${t(voteTotals.itemKind)} = ${kind} and ${t(voteTotals.itemId)} = ${itemId})`;
  const mine = userId
    ? sql<number | null>`(select ${v(votes.value)} from ${votes}
        where ${v(votes.itemKind)} = ${kind} and ${v(votes.itemId)} = ${itemId} and ${v(votes.userId)} = ${userId})`
    : sql<number | null>`null::int`;
  return {
    votes: totals(voteTotals.votes).mapWith(Number),
    total: totals(voteTotals.total).mapWith(Number),
    mine: mine.mapWith(Number),
  };
}

/** The rating as answered: the average to one decimal, null before the first vote. */
export function presentStars(row: StarRow): StarRating {
  const count = row.votes ?? 0;
  return {
    average: count > 0 && row.total !== null ? Math.round((row.total / count) * 10) / 10 : null,
    count,
    mine: row.mine ?? null,
  };
}

/** Sets the caller's up (+1) or down (−1) vote on a blog; the blogs module checks the blog and locks its row. */
export async function castBlogVote(db: Db, vote: { userId: string; blogId: number; value: 1 | -1 }) {
  await db
    .insert(votes)
    .values({ userId: vote.userId, itemKind: "blog", itemId: vote.blogId, value: vote.value })
    .onConflictDoUpdate({
      target: [votes.itemKind, votes.itemId, votes.userId],
      set: { value: vote.value, updatedAt: new Date() },
      setWhere: sql`${votes.value} <> excluded.value`,
    });
}

/**
 * For the blogs module's reads: a blog's up and down counts and the caller's vote (+1, −1 or null) as
 * select-list columns (`blogId`: the blog's id as SQL naming its table, or a value).
 */
export function blogVoteColumns(blogId: SQL, userId: string | null) {
  const t = (column: AnyPgColumn) => sql`${voteTotals}.${sql.identifier(column.name)}`;
  const v = (column: AnyPgColumn) => sql`${votes}.${sql.identifier(column.name)}`;
  const totals = (expression: SQL) =>
    sql<number | null>`(select ${expression} from ${voteTotals}
      where ${t(voteTotals.itemKind)} = 'blog' and ${t(voteTotals.itemId)} = ${blogId})`;
  return {
    ups: totals(t(voteTotals.ups)).mapWith(Number),
    downs: totals(sql`${t(voteTotals.votes)} - ${t(voteTotals.ups)}`).mapWith(Number),
    mine: (userId
      ? sql<number | null>`(select ${v(votes.value)} from ${votes}
          where ${v(votes.itemKind)} = 'blog' and ${v(votes.itemId)} = ${blogId} and ${v(votes.userId)} = ${userId})`
      : sql<number | null>`null::int`
    ).mapWith(Number),
  };
}

/** The sum of a blog's votes (up − down), read inside the vote's transaction. */
export async function blogScore(db: Db, blogId: number): Promise<number> {
  const [row] = await db
    .select({ total: voteTotals.total })
    .from(voteTotals)
    .where(and(eq(voteTotals.itemKind, "blog"), eq(voteTotals.itemId, blogId)));
  return row?.total ?? 0;
}

/** Removes every vote on a deleted blog, and its totals. */
export async function deleteBlogVotes(db: Db, blogIds: number[]) {
  if (blogIds.length === 0) return;
  await db.delete(votes).where(and(eq(votes.itemKind, "blog"), inArray(votes.itemId, blogIds)));
  await db.delete(voteTotals).where(and(eq(voteTotals.itemKind, "blog"), inArray(voteTotals.itemId, blogIds)));
}

/** A user's votes (the data export). */
export function listVotesOf(db: Db, userId: string) {
  return db
    .select({ kind: votes.itemKind, itemId: votes.itemId, value: votes.value, updatedAt: votes.updatedAt })
    .from(votes)
    .where(eq(votes.userId, userId));
}
