import { describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createUser, type TestUser } from "../../test/users.ts";

// Unlisted hacks: only their link (username + slug) opens them; a walkable id answers 404 to anyone but
// the owner, and a fork never hands out the link of an unlisted source (docs/product-rules-notes.md).

type HackJson = {
  id: number;
  slug: string;
  title: string;
  listed: boolean;
  card_url: string;
  files: { name: string; content: string }[];
  forked_from: { username: string; slug: string | null; title: string | null } | null;
  owner: { username: string };
};

describe("unlisted hacks", async () => {
  const app: App = await createTestApp();
  const alice = await createUser(app, { displayName: "Alice Secret" });
  const bob = await createUser(app, { displayName: "Bob Walker" });

  const call = (user: TestUser | null, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  const create = async (user: TestUser, body: object) => {
    const res = await call(user, "POST", "/api/hacks", body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as HackJson;
  };
  const link = (hack: HackJson) => `/api/hacks/users/${hack.owner.username}/${hack.slug}`;
  const hackCount = async (user: TestUser) =>
    ((await call(user, "GET", "/api/hacks")).json() as { total: number }).total;

  it("answers every read by id with 404 to anyone but the owner, and changes nothing", async () => {
    const hack = await create(alice, { title: "Walk Me", files: [{ name: "index.html", content: "<p>secret</p>" }] });
    const bobsBefore = await hackCount(bob);
    for (const user of [bob, null]) {
      const card = await call(user, "GET", `/api/hacks/${hack.id}/card.png`);
      expect(card.statusCode).toBe(404);
      expect(card.body).not.toContain("secret");
    }
    const fork = await call(bob, "POST", `/api/hacks/${hack.id}/fork`);
    expect(fork.statusCode).toBe(404);
    expect(fork.body).not.toContain("secret");
    expect(fork.body).not.toContain(hack.slug);
    // The same answer as an id that was never used: nothing tells the two apart.
    const never = await call(bob, "POST", "/api/hacks/999999/fork");
    expect(fork.json()).toEqual(never.json());
    expect((await call(null, "POST", `/api/hacks/${hack.id}/fork`)).statusCode).toBe(401);
    expect(await hackCount(bob)).toBe(bobsBefore);
    // The owner keeps every use of the id.
    const own = await call(alice, "GET", `/api/hacks/${hack.id}/card.png`);
    expect(own.statusCode).toBe(200);
    expect(own.headers["cache-control"]).toMatch(/^private/);
    expect((await call(alice, "POST", `/api/hacks/${hack.id}/fork`)).statusCode).toBe(201);
  });

  it("reads a listed hack by id for anyone", async () => {
    const hack = await create(alice, { title: "Shown", listed: true });
    expect((await call(null, "GET", `/api/hacks/${hack.id}/card.png`)).statusCode).toBe(200);
    const fork = await call(bob, "POST", `/api/hacks/${hack.id}/fork`);
    expect(fork.statusCode, fork.body).toBe(201);
    expect((fork.json() as HackJson).forked_from).toEqual({
      username: hack.owner.username,
      slug: hack.slug,
      title: "Shown",
    });
    // Unlisted again: the id is closed again.
    expect((await call(alice, "PUT", `/api/hacks/${hack.id}`, { listed: false })).statusCode).toBe(200);
    expect((await call(bob, "POST", `/api/hacks/${hack.id}/fork`)).statusCode).toBe(404);
  });

  it("gives whoever holds the link the card and the fork at the link's address", async () => {
    const hack = await create(alice, { title: "Linked", files: [{ name: "index.html", content: "<h1>hi</h1>" }] });
    const cardUrl = new URL(hack.card_url);
    expect(`${cardUrl.origin}${cardUrl.pathname}`).toBe(`http://localhost:3000${link(hack)}/card.png`);
    expect(cardUrl.search).toMatch(/^\?v=[0-9a-z]+$/);
    const card = await call(null, "GET", `${cardUrl.pathname}${cardUrl.search}`);
    expect(card.statusCode).toBe(200);
    expect(card.headers["content-type"]).toBe("image/png");
    expect(card.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    // An old slug still opens it (the link keeps working after a rename).
    expect((await call(alice, "PUT", `/api/hacks/${hack.id}`, { slug: "linked-now" })).statusCode).toBe(200);
    expect((await call(null, "GET", `${link(hack)}/card.png`)).statusCode).toBe(200);
    expect((await call(null, "GET", `/api/hacks/users/${hack.owner.username}/no-such/card.png`)).statusCode).toBe(404);

    expect((await call(null, "POST", `${link(hack)}/fork`)).statusCode).toBe(401);
    const res = await call(bob, "POST", `${link(hack)}/fork`);
    expect(res.statusCode, res.body).toBe(201);
    const fork = res.json() as HackJson;
    expect(fork.files).toEqual(hack.files);
    expect(fork.listed).toBe(false);
    expect((await call(bob, "POST", `/api/hacks/users/${hack.owner.username}/no-such/fork`)).statusCode).toBe(404);
  });

  it("never shows an unlisted source's link in forked_from to anyone but the source's owner", async () => {
    const source = await create(alice, { title: "Hidden Source" });
    const fork = (await call(bob, "POST", `${link(source)}/fork`)).json() as HackJson;
    // The forker is told whose hack it was, not its link.
    const attribution = { username: source.owner.username, slug: null, title: null };
    expect(fork.forked_from).toEqual(attribution);
    // Listed by its forker, the fork is on Explore: its readers are not told where it came from (its copied
    // title and slug beside the author's name would spell out the link).
    expect((await call(bob, "PUT", `/api/hacks/${fork.id}`, { listed: true })).statusCode).toBe(200);
    expect(((await call(bob, "GET", link(fork))).json() as HackJson).forked_from).toEqual(attribution);
    const carol = await createUser(app);
    for (const user of [carol, null]) {
      const seen = await call(user, "GET", link(fork));
      expect((seen.json() as HackJson).forked_from).toBeNull();
      expect(seen.body).not.toContain(source.owner.username);
    }
    expect((await call(null, "GET", `/api/hacks/${fork.id}/card.png`)).statusCode).toBe(200);
    // The source's owner sees their own link; once the source is listed, everyone does.
    const full = { username: source.owner.username, slug: source.slug, title: "Hidden Source" };
    expect(((await call(alice, "GET", link(fork))).json() as HackJson).forked_from).toEqual(full);
    expect((await call(alice, "PUT", `/api/hacks/${source.id}`, { listed: true })).statusCode).toBe(200);
    expect(((await call(null, "GET", link(fork))).json() as HackJson).forked_from).toEqual(full);
  });
});
