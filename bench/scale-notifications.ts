// The notifications part of `npm run bench -- scale`: N notification rows spread over the seeded users
// (N = the size step), ME_ROWS of them the signed-in user's, and the counters rebuilt from them (the
// bulk load skips the app's writes that keep them). Measured: the first page, a page 10 pages deep
// (keyset), and the unread count; the total and unread come from notification_counters, never count(*).
import type pg from "pg";

const KINDS = ["connection_request", "connection_accepted", "badge_earned", "referral_joined"];
const kind = (g: string) => `(array['${KINDS.join("','")}'])[1 + ${g} % ${KINDS.length}]`;

export const NOTIFICATION_ROUTES = [
  { id: "notifications newest 15", url: "/api/notifications", signedIn: true },
  { id: "notifications unread count", url: "/api/notifications/unread-count", signedIn: true },
];
export const NOTIFICATIONS_DEEP = "notifications page 11 (keyset)";

/** Rows from..to, each for a user among the first `to` (as the other lists spread theirs). */
export async function seedNotificationRange(client: pg.Client, from: number, to: number) {
  await client.query(`insert into notifications (user_id, kind, subject, read, created_at)
    select 'scale-' || (1 + (hashint4(g + 11) & 2147483647) % ${to}), ${kind("g")}, 'bench:' || g, g % 3 = 0,
      now() - interval '1 minute' * g
    from generate_series(${from}, ${to}) g`);
}

/** The signed-in user's rows: `rows` notifications, a third of them read. */
export async function seedOwnNotifications(client: pg.Client, me: string, rows: number) {
  await client.query(`insert into notifications (user_id, kind, subject, read, created_at)
    select '${me}', ${kind("g")}, 'me:' || g, g % 3 = 0, now() - interval '1 second' * g
    from generate_series(1, ${rows}) g`);
}

/** What the app keeps in the same transaction as each change, rebuilt once after the bulk load. */
export async function rebuildNotificationCounters(client: pg.Client) {
  await client.query("truncate notification_counters");
  await client.query(`insert into notification_counters (user_id, total, unread)
    select user_id, count(*)::int, (count(*) filter (where not read))::int from notifications group by user_id`);
}

type Injector = { inject: (o: { url: string; headers: Record<string, string> }) => Promise<{ json: () => unknown }> };

/** The `before` cursor of page 11 (after 150 rows), and a check that the counters equal a full count. */
export async function notificationsDeepUrl(app: Injector, token: string, client: pg.Client, me: string) {
  const headers = { authorization: `Bearer ${token}` };
  let url = "/api/notifications";
  let first: { total: number; unread: number } | null = null;
  for (let page = 0; page < 10; page++) {
    const body = (await app.inject({ url, headers })).json() as { next_before: number; total: number; unread: number };
    first ??= body;
    url = `/api/notifications?before=${body.next_before}`;
  }
  const full = (
    await client.query(
      "select count(*)::int as total, (count(*) filter (where not read))::int as unread from notifications where user_id = $1",
      [me],
    )
  ).rows[0];
  if (first?.total !== full.total || first?.unread !== full.unread) {
    throw new Error(`notification counters ${JSON.stringify(first)} differ from a full count ${JSON.stringify(full)}`);
  }
  console.log(`  notification counters checked against a full count: ${full.total} total, ${full.unread} unread`);
  return url;
}
