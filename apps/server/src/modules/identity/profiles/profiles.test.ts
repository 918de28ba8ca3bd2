import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AVATARS, EDITOR_DEFAULTS, EDITOR_FONTS, EDITOR_THEMES } from "@neonlab/shared/constants";
import { publicProfileSchema } from "@neonlab/shared/schemas/profile";
import type { App } from "../../../app.ts";
import { createTestApp } from "../../../test/test-app.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { profiles } from "./schema.ts";

const row = async (app: App, id: string) => (await app.ctx.db.select().from(profiles).where(eq(profiles.id, id)))[0];

const put = (app: App, user: TestUser, payload: unknown) =>
  app.inject({ method: "PUT", url: "/api/profile", headers: user.headers, payload: payload as object });

describe("profiles", async () => {
  const app = await createTestApp();

  it("shows a public profile by username without private fields", async () => {
    const user = await createUser(app, { displayName: "Public Person" });
    const own = (await app.inject({ url: "/api/profile", headers: user.headers })).json();
    const res = await app.inject({ url: `/api/profiles/${own.username}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: user.id, username: own.username, display_name: "Public Person" });
    expect(Object.keys(body).sort()).toEqual(Object.keys(publicProfileSchema.shape).sort());
    for (const key of ["email", "editor_preferences", "has_access", "notifications", "neonbits", "time_zone"]) {
      expect(body).not.toHaveProperty(key);
    }
    expect(JSON.stringify(body)).not.toContain(user.email);
  });

  it("answers 404 for an unknown username and 400 for an oversized one", async () => {
    expect((await app.inject({ url: "/api/profiles/no-such-hacker" })).statusCode).toBe(404);
    const long = await app.inject({ url: `/api/profiles/${"a".repeat(61)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBeTruthy();
  });

  it("starts with the spec's editor defaults and no access", async () => {
    const user = await createUser(app);
    const me = (await app.inject({ url: "/api/profile", headers: user.headers })).json();
    expect(me.editor_preferences).toEqual(EDITOR_DEFAULTS);
    expect(me).toMatchObject({ role: "user", has_access: false, email: user.email });
  });

  it("updates own fields and trims them", async () => {
    const user = await createUser(app);
    const res = await put(app, user, {
      display_name: "  New Name ",
      bio: "I break things to learn.",
      skills: ["js", "css"],
      github_link: "https://github.com/new-name",
      notifications: false,
      time_zone: "Europe/Berlin",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      display_name: "New Name",
      bio: "I break things to learn.",
      skills: ["js", "css"],
      github_link: "https://github.com/new-name",
      notifications: false,
      time_zone: "Europe/Berlin",
    });
    const cleared = await put(app, user, { bio: "", github_link: "" });
    expect(cleared.json()).toMatchObject({ bio: null, github_link: null });
  });

  it("accepts its own id in the body and refuses another user's with 403, writing nothing", async () => {
    const user = await createUser(app);
    const other = await createUser(app, { displayName: "Other One" });
    expect((await put(app, user, { id: user.id, bio: "mine" })).statusCode).toBe(200);
    const before = await row(app, other.id);
    const res = await put(app, user, { id: other.id, display_name: "Hijacked" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("You can only edit your own profile.");
    expect(await row(app, other.id)).toEqual(before);
    expect((await row(app, user.id))?.displayName).not.toBe("Hijacked");
  });

  it("never lets a user set role or has_access (400, unchanged)", async () => {
    const user = await createUser(app);
    const before = await row(app, user.id);
    for (const payload of [{ role: "admin" }, { has_access: true }, { display_name: "Sneaky", role: "moderator" }]) {
      const res = await put(app, user, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/role|has_access/);
    }
    expect(await row(app, user.id)).toEqual(before);
    const me = (await app.inject({ url: "/api/profile", headers: user.headers })).json();
    expect(me).toMatchObject({ role: "user", has_access: false });
  });

  it("validates editor preferences against the exact theme and font lists and bounds", async () => {
    const user = await createUser(app);
    const prefs = { theme: "dracula", fontFamily: "Fira Code", fontSize: 16, lineHeight: 24 };
    for (const theme of EDITOR_THEMES) {
      expect((await put(app, user, { editor_preferences: { ...prefs, theme } })).statusCode).toBe(200);
    }
    for (const fontFamily of EDITOR_FONTS) {
      expect((await put(app, user, { editor_preferences: { ...prefs, fontFamily } })).statusCode).toBe(200);
    }
    for (const lineHeight of [0, 100]) {
      expect((await put(app, user, { editor_preferences: { ...prefs, lineHeight } })).statusCode).toBe(200);
    }
    expect((await put(app, user, { editor_preferences: prefs })).json().editor_preferences).toEqual(prefs);

    const before = await row(app, user.id);
    const bad = [
      { ...prefs, theme: "solarized" },
      { ...prefs, theme: "Dracula" },
      { ...prefs, fontFamily: "Comic Sans MS" },
      { ...prefs, lineHeight: 101 },
      { ...prefs, lineHeight: -1 },
      { ...prefs, lineHeight: 20.5 },
      { ...prefs, lineHeight: "20" },
      { ...prefs, fontSize: 4 },
      { ...prefs, fontSize: 400 },
      { theme: "dracula" },
    ];
    for (const editor_preferences of bad) {
      const res = await put(app, user, { editor_preferences });
      expect(res.statusCode, JSON.stringify(editor_preferences)).toBe(400);
      expect(res.json().message).toMatch(/^editor_preferences\./);
    }
    expect(await row(app, user.id)).toEqual(before);
  });

  it("answers bad input with 400 and a message, and writes nothing", async () => {
    const user = await createUser(app);
    const before = await row(app, user.id);
    const bad: unknown[] = [
      { display_name: 42 },
      { display_name: "" },
      { display_name: "x".repeat(61) },
      { bio: "x".repeat(501) },
      { skills: "js" },
      { skills: Array.from({ length: 21 }, (_, i) => `skill-${i}`) },
      { skills: ["x".repeat(41)] },
      { location: "x".repeat(101) },
      { github_link: "javascript:alert(1)" },
      { twitter_link: `https://x.com/${"a".repeat(300)}` },
      { notifications: "yes" },
      { time_zone: "Mars/Olympus" },
      { avatar: "/avatars/alien-9.svg" },
      { username: "Upper-Case" },
      [],
    ];
    for (const payload of bad) {
      const res = await put(app, user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const notJson = await app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: { ...user.headers, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(notJson.statusCode).toBe(400);
    expect(await row(app, user.id)).toEqual(before);
  });

  it("sets the avatar to one of the 12 offered images only", async () => {
    const user = await createUser(app);
    expect(AVATARS).toHaveLength(12);
    const res = await app.inject({
      method: "PATCH",
      url: "/api/profile/avatar",
      headers: user.headers,
      payload: { avatar: AVATARS[5] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().avatar).toBe(AVATARS[5]);
    for (const payload of [
      { avatar: "https://evil.example/x.svg" },
      { avatar: 3 },
      {},
      { avatar: AVATARS[0], role: "admin" },
    ]) {
      const bad = await app.inject({ method: "PATCH", url: "/api/profile/avatar", headers: user.headers, payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBeTruthy();
    }
    expect((await row(app, user.id))?.avatar).toBe(AVATARS[5]);
  });

  it("needs a session for the own profile", async () => {
    expect((await app.inject({ url: "/api/profile" })).statusCode).toBe(401);
    expect((await app.inject({ method: "PUT", url: "/api/profile", payload: { bio: "x" } })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: "PATCH", url: "/api/profile/avatar", payload: { avatar: AVATARS[0] } })).statusCode,
    ).toBe(401);
  });
});

describe("usernames", async () => {
  const app = await createTestApp();

  it("derives the username from the display name, with a numeric suffix on clash", async () => {
    const name = `Zed Ziggurat ${Math.random().toString(36).slice(2, 6)}`;
    const base = name.toLowerCase().replaceAll(" ", "-");
    const first = await createUser(app, { displayName: name });
    const second = await createUser(app, { displayName: name });
    const third = await createUser(app, { displayName: name });
    const names = await Promise.all(
      [first, second, third].map(async (u) => (await app.inject({ url: "/api/profile", headers: u.headers })).json()),
    );
    expect(names.map((p) => p.username)).toEqual([base, `${base}2`, `${base}3`]);
  });

  it("can be changed within the rules; a taken one is a 409", async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    const mine = `h4x0r_${Math.random().toString(36).slice(2, 8)}`;
    const res = await put(app, user, { username: mine });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().username).toBe(mine);
    expect((await app.inject({ url: `/api/profiles/${mine}` })).json().id).toBe(user.id);

    const taken = await put(app, other, { username: mine });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("That username is taken. Try another one.");

    for (const username of ["ab", "x".repeat(31), "has space", "Caps", "dot.name", "émile"]) {
      const bad = await put(app, other, { username });
      expect(bad.statusCode, username).toBe(400);
      expect(bad.json().message).toMatch(/^username: Username/);
    }
    expect((await put(app, other, { username: "abc" })).statusCode).toBe(200);
    expect((await put(app, other, { username: "x".repeat(30) })).statusCode).toBe(200);
  });
});
