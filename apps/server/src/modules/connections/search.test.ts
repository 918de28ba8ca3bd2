import { randomUUID } from "node:crypto";
import { eq, type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  USER_SEARCH_PAGE_SIZE,
  USER_SEARCH_PER_MINUTE,
  type UserSearchResult,
} from "@neonlab/shared/schemas/community";
import { EDITOR_DEFAULTS } from "@neonlab/shared/constants";
import type { App } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { users } from "../identity/accounts/schema.ts";
import { profiles } from "../identity/profiles/schema.ts";
import { userBlocks } from "./schema.ts";
import { searchStatement } from "./search.ts";
import { connect } from "./test-helpers.ts";

/** A person with exactly this username and display name, written straight to the database. */
async function person(db: Db, username: string, displayName: string, { confirmed = true, xp = 0 } = {}) {
  const id = randomUUID();
  await db.insert(users).values({ id, name: displayName, email: `${id}@example.test`, emailVerified: confirmed });
  await db.insert(profiles).values({ id, username, displayName, xp, editorPreferences: { ...EDITOR_DEFAULTS } });
  return id;
}

/** Letters no other test's names start with. */
const prefix = () =>
  `q${randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 6)}`;

const search = (app: App, user: TestUser | null, q: string, extra = "", remoteAddress?: string) =>
  app.inject({
    url: `/api/users/search?q=${encodeURIComponent(q)}${extra}`,
    headers: user?.headers ?? {},
    remoteAddress,
  });

const names = (items: UserSearchResult[]) => items.map((i) => i.username);

function suite(kind: "pglite" | "postgres") {
  describe(`GET /api/users/search (${kind})`, async () => {
    const app = await createTestApp({ kind });
    const { db } = app.ctx;
    const me = await createUser(app, { displayName: "Searching Sam" });
    /** The plan of a statement with sequential scans priced out (the tables here are tiny). */
    const explain = (statement: SQL) =>
      app.ctx.transaction(async (tx) => {
        await tx.db.execute(sql`set local enable_seqscan = off`);
        const result = (await tx.db.execute(sql`explain ${statement}`)) as unknown as {
          rows: { "QUERY PLAN": string }[];
        };
        return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
      });

    it("finds by the start of a username, then of a display name, any case, a leading @ ignored; the card, XP and no address", async () => {
      const p = prefix();
      await person(db, `${p}-ada`, "Ada Lovelace", { xp: 120 });
      await person(db, `${p}_bob`, "Bob", { xp: 5 });
      await person(db, "zz-someone", `${p.toUpperCase()} Grace`);
      await person(db, `x${p}`, "Not At The Start");
      for (const q of [p, p.toUpperCase(), `@${p}`, `  ${p} `]) {
        const res = await search(app, me, q);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as { items: UserSearchResult[]; next: string | null };
        // Usernames first (in order: "-" before "_"), then display names.
        expect(names(body.items), q).toEqual([`${p}-ada`, `${p}_bob`, "zz-someone"]);
        expect(body.next).toBeNull();
      }
      const [ada] = (await search(app, me, `${p}-a`)).json().items as UserSearchResult[];
      expect(ada).toEqual({
        id: expect.any(String),
        username: `${p}-ada`,
        display_name: "Ada Lovelace",
        avatar: null,
        xp: 120,
        relationship: "none",
      });
      expect(names((await search(app, me, `${p.toUpperCase()} gr`)).json().items)).toEqual(["zz-someone"]);
    });

    it("never matches or shows an e-mail address; LIKE wildcards are plain characters", async () => {
      const p = prefix();
      const id = await person(db, `${p}-mail`, "Mail Person");
      const email = `${id}@example.test`;
      const byAddress = await search(app, me, email.slice(0, 12));
      expect(byAddress.json().items).toEqual([]);
      const found = await search(app, me, p);
      expect(found.body).not.toContain("@example.test");
      expect(Object.keys(found.json().items[0])).not.toContain("email");
      for (const q of [`${p.slice(0, 3)}%`, `${p.slice(0, 3)}__`, "%%", "__"]) {
        expect((await search(app, me, q)).json().items, q).toEqual([]);
      }
    });

    it("refuses a short, long or missing q and a bad cursor with a clear 400; 401 when signed out", async () => {
      for (const extra of ["?q=a", "?q=%40a", "?q=%20%20a%20", `?q=${"a".repeat(51)}`, "", "?q=ab&before=!!"]) {
        const res = await app.inject({ url: `/api/users/search${extra}`, headers: me.headers });
        expect(res.statusCode, extra).toBe(400);
        expect(res.json().message, extra).toMatch(/q must be 2 to 50 characters|before must be a cursor/);
      }
      for (const before of ["eyJ4Ijo", Buffer.from('[3,"a","b"]').toString("base64url")]) {
        const res = await search(app, me, "ab", `&before=${before}`);
        expect(res.statusCode, before).toBe(400);
        expect(res.json().message).toBe("before must be a cursor from the previous page");
      }
      expect((await search(app, null, "ab")).statusCode).toBe(401);
    });

    it("leaves out unconfirmed and deleted accounts, and anyone either side blocked", async () => {
      const p = prefix();
      await person(db, `${p}-unconfirmed`, "Unconfirmed", { confirmed: false });
      const blockedByMe = await person(db, `${p}-blocked-by-me`, "Blocked");
      const blocksMe = await person(db, `${p}-blocks-me`, "Blocker");
      await person(db, `${p}-visible`, "Visible");
      await db.insert(userBlocks).values([
        { userId: me.id, blockedId: blockedByMe },
        { userId: blocksMe, blockedId: me.id },
      ]);
      const leaving = await person(db, `${p}-leaving`, "Leaving");
      expect(names((await search(app, me, p)).json().items)).toEqual([`${p}-leaving`, `${p}-visible`]);
      // An account deletion removes the users row; its profile goes with it.
      await db.delete(users).where(eq(users.id, leaving));
      expect(names((await search(app, me, p)).json().items)).toEqual([`${p}-visible`]);
    });

    it("says how the caller stands with each person", async () => {
      const p = prefix();
      const none = await person(db, `${p}-1none`, "None");
      const outgoing = await person(db, `${p}-2out`, "Out");
      const incoming = await person(db, `${p}-3in`, "In");
      const connected = await person(db, `${p}-4connected`, "Connected");
      await connect(db, me.id, outgoing, "pending");
      await connect(db, incoming, me.id, "pending");
      await connect(db, connected, me.id, "accepted");
      const items = (await search(app, me, p)).json().items as UserSearchResult[];
      expect(items.map((i) => [i.id, i.relationship])).toEqual([
        [none, "none"],
        [outgoing, "outgoing"],
        [incoming, "incoming"],
        [connected, "connected"],
      ]);
      expect((await search(app, me, "searching s")).json().items).toEqual([
        expect.objectContaining({ id: me.id, relationship: "self" }),
      ]);
    });

    it(`pages ${USER_SEARCH_PAGE_SIZE} at a time across both groups, every person once, in order`, async () => {
      const p = prefix();
      const expected: string[] = [];
      for (let i = 0; i < 25; i++) {
        const username = `${p}-u${String(i).padStart(2, "0")}`;
        await person(db, username, "Someone");
        expected.push(username);
      }
      // Display names with equal lower-case text: the id keeps their order stable.
      const byName = await Promise.all(
        Array.from({ length: 18 }, async (_, i) => ({
          username: `zz${p}${i}`,
          id: await person(db, `zz${p}${i}`, `${i % 2 ? p.toUpperCase() : p} Same`),
        })),
      );
      expected.push(...byName.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((r) => r.username));
      const seen: string[] = [];
      let before = "";
      for (let page = 0; page < 5; page++) {
        const res = await search(app, me, p, before ? `&before=${before}` : "");
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as { items: UserSearchResult[]; next: string | null };
        expect(body.items.length).toBeLessThanOrEqual(USER_SEARCH_PAGE_SIZE);
        seen.push(...names(body.items));
        if (!body.next) break;
        before = body.next;
      }
      expect(seen).toEqual(expected);
    });

    it(`counts ${USER_SEARCH_PER_MINUTE} searches a minute per caller address, then 429`, async () => {
      const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      for (let i = 0; i < USER_SEARCH_PER_MINUTE; i++) {
        expect((await search(app, me, "ab", "", address)).statusCode).toBe(200);
      }
      const over = await search(app, me, "ab", "", address);
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(/Too many attempts/);
      expect((await search(app, me, "ab", "", "10.8.0.1")).statusCode).toBe(200);
    });

    it("reads each group from its own index: a range, never the whole table", async () => {
      const usernames = await explain(searchStatement(me.id, "ada", 1, null, 21));
      expect(usernames).toMatch(/Index Scan using profiles_username_search_idx/);
      expect(usernames).toMatch(/Index Cond: .*username.* >= 'ada'::text COLLATE "C"/);
      const names = await explain(searchStatement(me.id, "ada", 2, { group: 2, key: "ada", id: me.id }, 21));
      expect(names).toMatch(/Index Scan using profiles_display_name_search_idx/);
      expect(names).toMatch(/Index Cond: .*ROW\(\(lower\(display_name\)\)::text, id\) > ROW/);
    });
  });
}

suite("pglite");
if (process.env.TEST_DATABASE_URL) suite("postgres");
