import { type SQL, sql } from "drizzle-orm";
import {
  CONNECTIONS_PAGE_SIZE,
  type ConnectionEntry,
  type ConnectionsPage,
  type UserCard,
} from "@neonlab/shared/schemas/community";
import type { Db } from "../../db/client.ts";
import { badRequest, notFound } from "../../errors.ts";
import { findUserByUsername } from "../identity/service.ts";

/** Longest list answered at once (pending requests both ways, blocks); connections come in pages. */
export const LIST_LIMIT = 500;

type Row = { id: string; username: string; display_name: string; avatar: string | null; since: unknown };
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const entry = (r: Row): ConnectionEntry => ({
  id: r.id,
  username: r.username,
  display_name: r.display_name,
  avatar: r.avatar,
  since: new Date(r.since as string).toISOString(),
});

/** Users on the other end of the owner's rows matching `where`, minus anyone the viewer blocked. */
async function others(db: Db, owner: string, viewer: string | null, where: SQL) {
  const result = await db.execute(sql`
    select p.id, p.username, p.display_name, p.avatar, coalesce(c.accepted_at, c.created_at) as since
    from connections c
    join profiles p on p.id = case when c.sender_id = ${owner} then c.receiver_id else c.sender_id end
    where ${where}
      and not exists (select 1 from user_blocks b where b.user_id = ${viewer ?? ""} and b.blocked_id = p.id)
    order by since desc, p.id
    limit ${LIST_LIMIT}`);
  return rowsOf(result).map(entry);
}

type PageRow = Row & { cid: number; since_text: string };

/** The cursor of the row after which the next page starts: its acceptance time (full precision) and id. */
const cursorOf = (r: PageRow) => Buffer.from(`${r.since_text}|${r.cid}`).toString("base64url");
function parseCursor(before: string): { since: string; id: number } {
  const [since = "", id = ""] = Buffer.from(before, "base64url").toString("utf8").split("|");
  if (!isTimestampText(since) || !/^\d{1,10}$/.test(id) || Number(id) > 2 ** 31 - 1) {
    throw badRequest("before must be a cursor from the previous page");
  }
  return { since, id: Number(id) };
}

/** PostgreSQL's own text of a real timestamptz (what cursorOf wrote): nothing else reaches the query's cast. */
function isTimestampText(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?$/.exec(text);
  if (!m) return false;
  const [y, mo, d, h, mi, sec, oh, om] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
  const day = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, sec!));
  return (
    day.getUTCFullYear() === y &&
    day.getUTCMonth() === mo! - 1 &&
    day.getUTCDate() === d &&
    day.getUTCHours() === h &&
    day.getUTCMinutes() === mi &&
    day.getUTCSeconds() === sec &&
    oh! <= 15 &&
    om! < 60
  );
}

/**
 * One page of a user's connections, newest first (keyset on the acceptance time and the row id). Each side of
 * the pair is read from its own index (connections_sender_since_idx, connections_receiver_since_idx) and
 * limited before the two are merged, so a page costs the same whatever the number of connections.
 */
async function connectedPage(db: Db, owner: string, viewer: string | null, before: string | undefined) {
  const after = before ? parseCursor(before) : null;
  const older = after ? sql`and (c.accepted_at, c.id) < (${after.since}::timestamptz, ${after.id})` : sql``;
  const side = (mine: SQL, theirs: SQL) => sql`(
    select c.id, ${theirs} as other, c.accepted_at as since from connections c
    where ${mine} = ${owner} and c.status = 'accepted' ${older}
      and not exists (select 1 from user_blocks b where b.user_id = ${viewer ?? ""} and b.blocked_id = ${theirs})
    order by c.accepted_at desc, c.id desc limit ${CONNECTIONS_PAGE_SIZE + 1})`;
  const result = await db.execute(sql`
    select p.id, p.username, p.display_name, p.avatar, m.since, m.since::text as since_text, m.id as cid
    from (${side(sql`c.sender_id`, sql`c.receiver_id`)} union all ${side(sql`c.receiver_id`, sql`c.sender_id`)}) m
    join profiles p on p.id = m.other
    order by m.since desc, m.id desc
    limit ${CONNECTIONS_PAGE_SIZE + 1}`);
  const rows = (result as unknown as { rows: PageRow[] }).rows;
  const page = rows.slice(0, CONNECTIONS_PAGE_SIZE);
  return {
    connections: page.map(entry),
    next: rows.length > CONNECTIONS_PAGE_SIZE ? cursorOf(page[page.length - 1]!) : null,
  };
}

/** A user's connections counted (the exact total beside the pages), minus those the viewer blocked. */
async function connectedTotal(db: Db, owner: string, viewer: string | null): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from connections c
    where (c.sender_id = ${owner} or c.receiver_id = ${owner}) and c.status = 'accepted'
      and not exists (select 1 from user_blocks b where b.user_id = ${viewer ?? ""}
        and b.blocked_id = case when c.sender_id = ${owner} then c.receiver_id else c.sender_id end)`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/**
 * /connections/:username: the user's connections a page at a time (public); the owner's first page also has the
 * requests both ways and the blocks (each at most LIST_LIMIT).
 */
export async function connectionsPage(
  db: Db,
  username: string,
  viewer: string | null,
  before?: string,
): Promise<ConnectionsPage> {
  const found = await findUserByUsername(db, username);
  if (!found) throw notFound(`Nobody on NeonLab goes by @${username}.`);
  const user: UserCard = found;
  const id = user.id;
  const { connections, next } = await connectedPage(db, id, viewer, before);
  const total = await connectedTotal(db, id, viewer);
  if (viewer !== id || before) return { user, connections, total, next };
  const incoming = await others(db, id, viewer, sql`c.receiver_id = ${id} and c.status = 'pending'`);
  const outgoing = await others(db, id, viewer, sql`c.sender_id = ${id} and c.status = 'pending'`);
  const blockedRows = await db.execute(sql`
    select p.id, p.username, p.display_name, p.avatar, b.created_at as since
    from user_blocks b join profiles p on p.id = b.blocked_id
    where b.user_id = ${id} order by b.created_at desc limit ${LIST_LIMIT}`);
  return { user, connections, total, next, incoming, outgoing, blocked: rowsOf(blockedRows).map(entry) };
}
