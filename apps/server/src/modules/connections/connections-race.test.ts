import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { burst, listen, statusCounts } from "../../test/burst.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createUser } from "../../test/users.ts";
import { notifications } from "../notifications/schema.ts";
import { connections } from "./schema.ts";

const N = 50;

function raceSuite(kind: "pglite" | "postgres") {
  describe(`connections under ${N} concurrent requests (${kind})`, async () => {
    const app: App = await createTestApp({ kind });
    const base = await listen(app);
    const db = app.ctx.db;

    it("50 concurrent accepts of one request make one connection and one notification", async () => {
      const [a, b] = [await createUser(app), await createUser(app)];
      const sent = await app.inject({
        method: "POST",
        url: `/api/users/connections?friendId=${b.id}`,
        headers: a.headers,
      });
      expect(sent.statusCode).toBe(200);
      const results = await burst(
        base,
        b,
        "PATCH",
        Array(N).fill(`/api/users/accept-connection-request?friendId=${a.id}`),
      );
      expect(statusCounts(results)).toEqual({ 200: 1, 409: N - 1 });
      const rows = await db.select().from(connections).where(eq(connections.senderId, a.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.status).toBe("accepted");
      const accepted = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, a.id), eq(notifications.kind, "connection_accepted")));
      expect(accepted).toHaveLength(1);
      expect((await db.select().from(notifications).where(eq(notifications.userId, b.id))).length).toBe(0);
      const counts = await app.inject({ url: "/api/notifications", headers: a.headers });
      expect(counts.json()).toMatchObject({ total: 1, unread: 1 });
    });

    it("50 concurrent requests both ways leave one request", async () => {
      const [a, b] = [await createUser(app), await createUser(app)];
      const half = Array(N / 2);
      const results = await Promise.all([
        burst(base, a, "POST", half.fill(`/api/users/connections?friendId=${b.id}`)),
        burst(base, b, "POST", [...Array(N / 2)].fill(`/api/users/connections?friendId=${a.id}`)),
      ]);
      expect(statusCounts(results.flat())).toEqual({ 200: 1, 409: N - 1 });
      const rows = await db.select().from(connections).where(eq(connections.receiverId, a.id));
      const other = await db.select().from(connections).where(eq(connections.receiverId, b.id));
      expect(rows.length + other.length).toBe(1);
      const notified = await db.select().from(notifications).where(eq(notifications.kind, "connection_request"));
      expect(notified.filter((n) => n.userId === a.id || n.userId === b.id)).toHaveLength(1);
    });
  });
}

raceSuite("pglite");
// PGlite is one connection and serialises everything; PostgreSQL is where real races happen.
if (process.env.TEST_DATABASE_URL) raceSuite("postgres");
