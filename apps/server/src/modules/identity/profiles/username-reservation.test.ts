import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { App } from "../../../app.ts";
import { createTestApp } from "../../../test/test-app.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { buildPreviewSite } from "../../hacks/preview-site.ts";
import { previousUsernames, profiles } from "./schema.ts";
import { USERNAME_RESERVED_DAYS } from "./username.ts";

// A username someone changed away from stays theirs for USERNAME_RESERVED_DAYS: nobody else takes it (409),
// old links (profile, hack code view, its API, its live site) keep naming them; afterwards it is free.

const DAY_MS = 86_400_000;
const suffix = () => crypto.randomUUID().slice(0, 6);

describe("released usernames", async () => {
  const dist = mkdtempSync(join(tmpdir(), "neonlab-username-"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><html><head></head><body></body></html>");
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const app: App = await createTestApp({ env: { WEB_DIST: dist } });
  const preview = await buildPreviewSite(app.ctx);

  const put = (user: TestUser, payload: object) =>
    app.inject({ method: "PUT", url: "/api/profile", headers: user.headers, payload });
  const usernameOf = async (user: TestUser) =>
    ((await app.inject({ url: "/api/profile", headers: user.headers })).json() as { username: string }).username;
  const profileRow = async (id: string) => (await app.ctx.db.select().from(profiles).where(eq(profiles.id, id)))[0];
  const history = (username: string) =>
    app.ctx.db.select().from(previousUsernames).where(eq(previousUsernames.username, username));
  const historyOf = (userId: string) =>
    app.ctx.db.select().from(previousUsernames).where(eq(previousUsernames.userId, userId));
  const age = (username: string, days: number) =>
    app.ctx.db
      .update(previousUsernames)
      // On a whole minute, so the date in the 409 is exact.
      .set({ changedAt: new Date(Math.floor(Date.now() / 60_000) * 60_000 - days * DAY_MS) })
      .where(eq(previousUsernames.username, username));
  const hack = async (user: TestUser, title: string) => {
    const res = await app.inject({ method: "POST", url: "/api/hacks", headers: user.headers, payload: { title } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; slug: string };
  };
  const hackAt = async (username: string, slug: string) =>
    (await app.inject({ url: `/api/hacks/users/${username}/${slug}` })).json() as {
      id: number;
      owner: { username: string };
    };

  /** A user who changed their username: the old one and the new one. */
  const renamed = async () => {
    const user = await createUser(app, { displayName: `Mover ${suffix()}` });
    const old = await usernameOf(user);
    const fresh = `${old.slice(0, 20)}-new`;
    const res = await put(user, { username: fresh });
    expect(res.statusCode, res.body).toBe(200);
    return { user, old, fresh };
  };

  it("refuses another account the name within the reservation (409 with the date), changing nothing", async () => {
    const a = await renamed();
    const [held] = await history(a.old);
    expect(held?.userId).toBe(a.user.id);
    await age(a.old, USERNAME_RESERVED_DAYS - 1);
    const [aged] = await history(a.old);
    const b = await createUser(app);
    const before = await profileRow(b.id);
    const bHistory = await historyOf(b.id);

    const res = await put(b, { username: a.old, bio: "taking it" });
    expect(res.statusCode, res.body).toBe(409);
    const until = new Date(aged!.changedAt.getTime() + USERNAME_RESERVED_DAYS * DAY_MS);
    const day = until.toLocaleDateString("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
    const time = until.toISOString().slice(11, 16);
    expect(res.json().message).toBe(
      `That username was recently used by another account. It becomes available on ${day} at ${time} UTC.`,
    );
    expect(await profileRow(b.id)).toEqual(before);
    expect(await historyOf(b.id)).toEqual(bHistory);
    expect(await history(a.old)).toEqual([aged]);
    expect((await app.inject({ url: `/api/profiles/${a.old}` })).json().id).toBe(a.user.id);
  });

  it("lets the previous owner take the name back within the reservation", async () => {
    const a = await renamed();
    const back = await put(a.user, { username: a.old });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().username).toBe(a.old);
    expect(await history(a.old)).toEqual([]);
    expect((await app.inject({ url: `/api/profiles/${a.old}` })).json().id).toBe(a.user.id);
    // The name A just left is A's to come back to in turn.
    expect((await put(await createUser(app), { username: a.fresh })).statusCode).toBe(409);
  });

  it("keeps old hack links (page, API, live site) on the previous owner's hack, never another's", async () => {
    const a = await renamed();
    const mine = await hack(a.user, "Neon Rain");
    const b = await createUser(app);
    expect((await put(b, { username: a.old })).statusCode).toBe(409);
    // Even a name held by someone else in the meantime (written before the reservation existed) loses to
    // the rename history while the reservation lasts.
    await app.ctx.db.update(profiles).set({ username: a.old }).where(eq(profiles.id, b.id));
    const theirs = await hack(b, "Neon Rain");
    expect(theirs.slug).toBe(mine.slug);

    expect(await hackAt(a.old, mine.slug)).toMatchObject({ id: mine.id, owner: { username: a.fresh } });
    const page = await app.inject({ url: `/hack/${a.old}/${mine.slug}` });
    expect([301, 302]).toContain(page.statusCode);
    expect(page.headers.location).toBe(`/hack/${a.fresh}/${mine.slug}`);
    const live = await preview.inject({ url: `/hack/${a.old}/view/${mine.slug}/` });
    expect(live.statusCode).toBe(301);
    expect(live.headers.location).toBe(`/hack/${a.fresh}/view/${mine.slug}/`);
  });

  it("frees the name after the reservation: it is the new holder's then, old links included", async () => {
    const a = await renamed();
    const mine = await hack(a.user, "Neon Rain");
    await age(a.old, USERNAME_RESERVED_DAYS + 1);
    const b = await createUser(app);
    const res = await put(b, { username: a.old });
    expect(res.statusCode, res.body).toBe(200);
    expect(await history(a.old)).toEqual([]);
    const theirs = await hack(b, "Neon Rain");
    expect(theirs.slug).toBe(mine.slug);
    expect((await app.inject({ url: `/api/profiles/${a.old}` })).json().id).toBe(b.id);
    expect(await hackAt(a.old, mine.slug)).toMatchObject({ id: theirs.id, owner: { username: a.old } });
    expect((await preview.inject({ url: `/hack/${a.old}/view/${mine.slug}/` })).statusCode).toBe(200);
  });

  it("skips a reserved name when deriving one at sign-up, until the reservation ends", async () => {
    const name = `Quinn ${suffix()}`;
    const base = name.toLowerCase().replace(" ", "-");
    const a = await createUser(app, { displayName: name });
    expect(await usernameOf(a)).toBe(base);
    expect((await put(a, { username: `${base}-new` })).statusCode).toBe(200);
    const c = await createUser(app, { displayName: name });
    expect(await usernameOf(c)).toBe(`${base}2`);
    await age(base, USERNAME_RESERVED_DAYS + 1);
    const d = await createUser(app, { displayName: name });
    expect(await usernameOf(d)).toBe(base);
    expect((await app.inject({ url: `/api/profiles/${base}` })).json().id).toBe(d.id);
  });

  it("gives a free name to one of two users asking at once; the other gets a 409 and keeps everything", async () => {
    for (let round = 0; round < 3; round++) {
      const users = [await createUser(app), await createUser(app)];
      const before = await Promise.all(users.map((u) => profileRow(u.id)));
      const wanted = `race-${suffix()}`;
      const answers = await Promise.all(users.map((u) => put(u, { username: wanted })));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.findIndex((r) => r.statusCode === 409);
      expect((await app.inject({ url: `/api/profiles/${wanted}` })).json().id).toBe(users[1 - loser]!.id);
      expect(await profileRow(users[loser]!.id)).toEqual(before[loser]);
      expect(await historyOf(users[loser]!.id)).toEqual([]);
    }
  });

  it("never hands a name to another account asking for it while its owner changes away from it", async () => {
    for (let round = 0; round < 3; round++) {
      const a = await createUser(app, { displayName: `Leaver ${suffix()}` });
      const old = await usernameOf(a);
      const b = await createUser(app);
      const bBefore = await profileRow(b.id);
      const [left, taken] = await Promise.all([
        put(a, { username: `${old.slice(0, 20)}-new` }),
        put(b, { username: old }),
      ]);
      expect(left.statusCode, left.body).toBe(200);
      expect(taken.statusCode, taken.body).toBe(409);
      expect(await profileRow(b.id)).toEqual(bBefore);
      expect((await app.inject({ url: `/api/profiles/${old}` })).json().id).toBe(a.id);
    }
  });
});
