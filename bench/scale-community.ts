// The community part of `npm run bench -- scale`: N reports (both kinds, every status) and N connections
// (each seeded user connected to one with a lower number; 1 in 10 still pending), plus ME_ROWS connections
// of the signed-in user, who is made a moderator to read the queues. Measured: a queue's first page and a
// page 10 deep (keyset), the signed-in user's connections, first page and 10 deep (keyset, 30 a page), and a
// search for people by the start of a username and of a display name (first page).
import type pg from "pg";

export const COMMUNITY_ROUTES = [
  { id: "reports queue open newest 20", url: "/api/users/reports?status=open", signedIn: true },
  { id: "lesson reports queue newest 20", url: "/api/lessons/reports", signedIn: true },
];
/**
 * Finding people (GET /api/users/search, 20 a page): seeded users are `scale-<n>` named "Scale <n>", so
 * `scale-12` starts ~1 in 90 usernames and `Scale 12` as many display names (read once the usernames run out:
 * none here start so). The route counts 60 searches a minute per address: each sample comes from its own.
 */
export const SEARCH_ROUTES = [
  { id: "people search: username, first 20", url: "/api/users/search?q=scale-12", signedIn: true, perCaller: true },
  { id: "people search: name, first 20", url: "/api/users/search?q=Scale%2012", signedIn: true, perCaller: true },
];
export const REPORTS_DEEP = "reports queue page 11 (keyset)";
export const CONNECTIONS_FIRST = "own connections newest 30";
export const CONNECTIONS_DEEP = "own connections page 11 (keyset)";
export const COMMUNITY_TABLES = ["reports", "connections"];

/** Reports and connections from..to (owners among the first `to` users, as the other lists spread theirs). */
export async function seedCommunityRange(client: pg.Client, from: number, to: number) {
  const series = `generate_series(${from}, ${to}) g`;
  await client.query(`insert into reports (reporter_id, kind, lesson_id, cause, description, status, created_at, updated_at)
    select 'scale-' || (1 + (hashint4(g + 23) & 2147483647) % ${to}),
      case when g % 3 = 0 then 'lesson' else 'app' end, case when g % 3 = 0 then 1 + g % 50 end,
      case when g % 3 = 0 then 'quiz' else 'bug' end, 'Bench report number ' || g || ': something is off here.',
      (array['open', 'in_review', 'resolved', 'dismissed'])[1 + g % 4],
      now() - interval '1 minute' * g, now() - interval '1 minute' * g
    from ${series}`);
  // User g and one user numbered below it: one row per g, so every pair is distinct.
  await client.query(`insert into connections (sender_id, receiver_id, status, created_at, accepted_at)
    select 'scale-' || g, 'scale-' || (1 + (hashint4(g + 29) & 2147483647) % (g - 1)),
      case when g % 10 = 0 then 'pending' else 'accepted' end, now() - interval '1 minute' * g,
      case when g % 10 = 0 then null else now() - interval '1 minute' * g end
    from ${series} where g > 1`);
}

/** The signed-in user: a moderator, with `rows` connections both ways. */
export async function seedOwnCommunity(client: pg.Client, me: string, rows: number) {
  await client.query(`update profiles set role = 'moderator' where id = $1`, [me]);
  await client.query(`insert into connections (sender_id, receiver_id, status, created_at, accepted_at)
    select case when g % 2 = 0 then '${me}' else 'scale-' || g end, case when g % 2 = 0 then 'scale-' || g else '${me}' end,
      'accepted', now() - interval '1 second' * g, now() - interval '1 second' * g
    from generate_series(1, ${rows}) g`);
}

type Injector = { inject: (o: { url: string; headers: Record<string, string> }) => Promise<{ json: () => unknown }> };

/** Follows a list's cursor 10 pages deep; the url of page 11. */
async function deepUrl(app: Injector, token: string, first: string, cursor: (body: never) => string | number | null) {
  const headers = { authorization: `Bearer ${token}` };
  let url = first;
  for (let page = 0; page < 10; page++) {
    const next = cursor((await app.inject({ url, headers })).json() as never);
    if (next === null) throw new Error(`${first} has fewer than 11 pages`);
    url = `${first}${first.includes("?") ? "&" : "?"}before=${next}`;
  }
  return url;
}

export const reportsDeepUrl = (app: Injector, token: string) =>
  deepUrl(app, token, "/api/users/reports?status=open", (b: { next: number | null }) => b.next);

export const connectionsDeepUrl = (app: Injector, token: string, me: string) =>
  deepUrl(app, token, `/api/users/connections/${me}`, (b: { next: string | null }) => b.next);
