import { type SQL, sql } from "drizzle-orm";
import {
  type Relationship,
  USER_SEARCH_PAGE_SIZE,
  type UserSearchPage,
  userSearchText,
} from "@neonlab/shared/schemas/community";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../errors.ts";
import { relationshipOf } from "./service.ts";

// GET /api/users/search (docs/product-rules-notes.md "Finding people"): confirmed accounts whose username starts
// with the text, then those whose display name does (any case), each group in its index's order, a page at a
// time (keyset: the group and the last row's place in it). Each group is a range scan of its own index
// (profiles_username_search_idx, profiles_display_name_search_idx: both in the "C" collation, so a prefix is one
// range of them whatever the database's locale) stopped after a page: a page costs about the same at 10k or 1M
// people. Nobody either side blocked is listed, nor an unconfirmed account; a deleted one is gone with its profile.

/** Where a page starts: after this row of this group (1: usernames, 2: display names). */
export type Cursor = { group: 1 | 2; key: string; id: string };

const encode = (c: Cursor) => Buffer.from(JSON.stringify([c.group, c.key, c.id])).toString("base64url");

function decode(before: string): Cursor {
  try {
    const [group, key, id] = JSON.parse(Buffer.from(before, "base64url").toString("utf8")) as unknown[];
    if ((group === 1 || group === 2) && typeof key === "string" && typeof id === "string" && !key.includes("\0")) {
      return { group, key, id };
    }
  } catch {}
  throw badRequest("before must be a cursor from the previous page");
}

type Row = {
  id: string;
  username: string;
  display_name: string;
  avatar: string | null;
  xp: number;
  grp: number;
  key: string;
  relationship: Relationship;
};

/**
 * The statement of one group's part of a page: up to `limit` people of `group` after `after` (when it is in
 * this group), in the group's index order, with how `viewer` stands with each.
 */
export function searchStatement(viewer: string, q: string, group: 1 | 2, after: Cursor | null, limit: number): SQL {
  const lowered = sql`lower(${userSearchText(q)}::text)`;
  const from = sql`${lowered} collate "C"`;
  // Past every text that starts with `from`, in the "C" order (code points).
  const to = sql`(${lowered} || chr(1114111)) collate "C"`;
  const username = sql`(p.username collate "C")`;
  const name = sql`(lower(p.display_name) collate "C")`;
  const since = after !== null && after.group === group ? after : null;
  const matches =
    group === 1
      ? sql`${username} >= ${from} and ${username} < ${to} and starts_with(p.username, ${lowered})
          ${since ? sql`and ${username} > ${since.key} collate "C"` : sql``}`
      : sql`${name} >= ${from} and ${name} < ${to} and starts_with(lower(p.display_name), ${lowered})
          and not starts_with(p.username, ${lowered})
          ${since ? sql`and (${name}, p.id) > (${since.key} collate "C", ${since.id})` : sql``}`;
  return sql`
    select p.id, p.username, p.display_name, p.avatar, p.xp, ${group}::int as grp,
      ${group === 1 ? sql`p.username` : sql`lower(p.display_name)`} as key,
      ${relationshipOf(viewer, sql`p.id`)} as relationship
    from profiles p
    where ${matches}
      and exists (select 1 from users u where u.id = p.id and u.email_verified)
      and not exists (select 1 from user_blocks b where b.user_id = ${viewer} and b.blocked_id = p.id)
      and not exists (select 1 from user_blocks b where b.user_id = p.id and b.blocked_id = ${viewer})
    order by ${group === 1 ? username : sql`${name}, p.id`}
    limit ${limit}`;
}

const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/** A page of the people `q` finds for `viewer` (the signed-in caller), with how the viewer stands with each. */
export async function searchUsers(db: Db, viewer: string, q: string, before?: string): Promise<UserSearchPage> {
  const after = before ? decode(before) : null;
  const n = USER_SEARCH_PAGE_SIZE + 1;
  // The display-name group is read only once the usernames run out (its scan passes over the people whose
  // username matched too, already listed): most searches are one statement.
  const rows = after?.group === 2 ? [] : rowsOf(await db.execute(searchStatement(viewer, q, 1, after, n)));
  if (rows.length < n) rows.push(...rowsOf(await db.execute(searchStatement(viewer, q, 2, after, n - rows.length))));
  const page = rows.slice(0, USER_SEARCH_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: r.id,
      username: r.username,
      display_name: r.display_name,
      avatar: r.avatar,
      xp: Number(r.xp),
      relationship: r.relationship,
    })),
    next:
      rows.length > USER_SEARCH_PAGE_SIZE && last
        ? encode({ group: last.grp as 1 | 2, key: last.key, id: last.id })
        : null,
  };
}
