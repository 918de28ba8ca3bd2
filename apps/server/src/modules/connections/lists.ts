import { type SQL, sql } from "drizzle-orm";
import type { ConnectionEntry, ConnectionsPage, UserCard } from "@neonlab/shared/schemas/community";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { findUserByUsername } from "../profiles/service.ts";

/** Longest list answered at once (connections, requests); more would need paging. */
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

/** /connections/:username: the user's connections (public); for the owner also requests both ways and blocks. */
export async function connectionsPage(db: Db, username: string, viewer: string | null): Promise<ConnectionsPage> {
  const found = await findUserByUsername(db, username);
  if (!found) throw notFound(`Nobody on NeonLab goes by @${username}.`);
  const user: UserCard = found;
  const id = user.id;
  const connections = await others(
    db,
    id,
    viewer,
    sql`(c.sender_id = ${id} or c.receiver_id = ${id}) and c.status = 'accepted'`,
  );
  if (viewer !== id) return { user, connections };
  const incoming = await others(db, id, viewer, sql`c.receiver_id = ${id} and c.status = 'pending'`);
  const outgoing = await others(db, id, viewer, sql`c.sender_id = ${id} and c.status = 'pending'`);
  const blockedRows = await db.execute(sql`
    select p.id, p.username, p.display_name, p.avatar, b.created_at as since
    from user_blocks b join profiles p on p.id = b.blocked_id
    where b.user_id = ${id} order by b.created_at desc limit ${LIST_LIMIT}`);
  return { user, connections, incoming, outgoing, blocked: rowsOf(blockedRows).map(entry) };
}
