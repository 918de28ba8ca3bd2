import { expect } from "vitest";
import { EXPECT, jsonOf, type MatrixContext, type RouteEntry } from "./types.ts";
import { createHack } from "../../modules/hacks/service.ts";

const { all, signedIn, ownerOnly } = EXPECT;

/** A fresh (unlisted) hack of user A (the owner in ownerOnly rows) or user B. */
const hackOf = (ctx: MatrixContext, who: "userA" | "userB") =>
  createHack(ctx.app.ctx, ctx.users[who].id, { title: `Matrix hack of ${who}` });
/** A fresh hack on Explore. */
const listedHackOf = (ctx: MatrixContext, who: "userA" | "userB") =>
  createHack(ctx.app.ctx, ctx.users[who].id, { title: `Listed matrix hack of ${who}`, listed: true });

/** Authorization matrix rows of the hacks module (test/authz-matrix.ts). */
export const HACK_ROUTES: RouteEntry[] = [
  {
    method: "GET",
    url: "/api/hacks/sandbox",
    access: "public",
    cases: [
      {
        name: "the preview site",
        request: () => ({ method: "GET", url: "/api/hacks/sandbox" }),
        expect: all(200),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/hacks",
    access: "user",
    cases: [
      {
        name: "own hacks only",
        request: () => ({ method: "GET", url: "/api/hacks" }),
        expect: signedIn(200),
        check: (ctx, actor, res) => {
          if (actor === "anonymous") return;
          const items = (jsonOf(res).items ?? []) as { owner: { username: string } }[];
          expect(items.every((h) => h.owner.username === ctx.users[actor].username)).toBe(true);
        },
      },
    ],
  },
  {
    method: "GET",
    url: "/api/hacks/explore",
    access: "public",
    cases: [
      {
        name: "listed hacks",
        request: () => ({ method: "GET", url: "/api/hacks/explore" }),
        expect: all(200),
        check: (_ctx, _actor, res) => {
          expect((jsonOf(res).items as { listed: boolean }[]).every((h) => h.listed)).toBe(true);
        },
      },
    ],
  },
  {
    method: "POST",
    url: "/api/hacks",
    access: "user",
    cases: [
      {
        name: "create a hack",
        request: () => ({ method: "POST", url: "/api/hacks", payload: { title: "Matrix made" } }),
        expect: signedIn(201),
        check: (ctx, actor, res) => {
          if (actor === "anonymous") return;
          expect(jsonOf(res)).toMatchObject({ can_edit: true, owner: { username: ctx.users[actor].username } });
        },
      },
    ],
  },
  {
    method: "GET",
    url: "/api/hacks/users/:username/:slug",
    access: "optional",
    cases: [
      {
        name: "user B's hack by its link (anyone; only B may edit)",
        setup: (ctx) => hackOf(ctx, "userB"),
        request: (ctx, _actor, hack: { slug: string }) => ({
          method: "GET",
          url: `/api/hacks/users/${ctx.users.userB.username}/${hack.slug}`,
        }),
        expect: all(200),
        check: (_ctx, actor, res) => expect(jsonOf(res).can_edit).toBe(actor === "userB"),
      },
    ],
  },
  {
    method: "PUT",
    url: "/api/hacks/:id",
    access: "user",
    cases: [
      {
        name: "change user A's unlisted hack (anyone else: as missing as an unused id)",
        setup: (ctx) => hackOf(ctx, "userA"),
        request: (_ctx, _actor, hack: { id: number }) => ({
          method: "PUT",
          url: `/api/hacks/${hack.id}`,
          payload: { title: "Changed" },
        }),
        expect: ownerOnly(200, 404),
      },
      {
        name: "change user A's listed hack",
        setup: (ctx) => listedHackOf(ctx, "userA"),
        request: (_ctx, _actor, hack: { id: number }) => ({
          method: "PUT",
          url: `/api/hacks/${hack.id}`,
          payload: { title: "Changed" },
        }),
        expect: ownerOnly(200, 403),
      },
    ],
  },
  {
    method: "DELETE",
    url: "/api/hacks/:id",
    access: "user",
    cases: [
      {
        name: "delete user A's unlisted hack (anyone else: as missing as an unused id)",
        setup: (ctx) => hackOf(ctx, "userA"),
        request: (_ctx, _actor, hack: { id: number }) => ({ method: "DELETE", url: `/api/hacks/${hack.id}` }),
        expect: ownerOnly(200, 404),
      },
      {
        name: "delete user A's listed hack",
        setup: (ctx) => listedHackOf(ctx, "userA"),
        request: (_ctx, _actor, hack: { id: number }) => ({ method: "DELETE", url: `/api/hacks/${hack.id}` }),
        expect: ownerOnly(200, 403),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/hacks/users/:username/:slug/fork",
    access: "user",
    cases: [
      {
        name: "fork user B's unlisted hack by its link (anyone holding it)",
        setup: (ctx) => hackOf(ctx, "userB"),
        request: (ctx, _actor, hack: { slug: string }) => ({
          method: "POST",
          url: `/api/hacks/users/${ctx.users.userB.username}/${hack.slug}/fork`,
        }),
        expect: signedIn(201),
        check: (ctx, actor, res, hack: { slug: string }) => {
          if (actor === "anonymous") return;
          const username = ctx.users.userB.username;
          // The link of an unlisted hack goes to its owner only; the forker is told whose it was.
          const slug = actor === "userB" ? hack.slug : null;
          expect(jsonOf(res)).toMatchObject({
            owner: { username: ctx.users[actor].username },
            forked_from: { username, slug, title: slug && "Matrix hack of userB" },
          });
        },
      },
    ],
  },
  {
    method: "POST",
    url: "/api/hacks/:id/fork",
    access: "user",
    cases: [
      {
        name: "fork user A's unlisted hack by id: the owner only (its id opens nothing for anyone else)",
        setup: (ctx) => hackOf(ctx, "userA"),
        request: (_ctx, _actor, hack: { id: number }) => ({ method: "POST", url: `/api/hacks/${hack.id}/fork` }),
        expect: ownerOnly(201, 404),
      },
      {
        name: "fork user B's listed hack by id into the caller's own",
        setup: (ctx) => listedHackOf(ctx, "userB"),
        request: (_ctx, _actor, hack: { id: number }) => ({ method: "POST", url: `/api/hacks/${hack.id}/fork` }),
        expect: signedIn(201),
        check: (ctx, actor, res) => {
          if (actor === "anonymous") return;
          expect(jsonOf(res)).toMatchObject({
            owner: { username: ctx.users[actor].username },
            forked_from: { username: ctx.users.userB.username },
          });
        },
      },
    ],
  },
  {
    method: "GET",
    url: "/api/hacks/users/:username/:slug/card.png",
    access: "public",
    cases: [
      {
        name: "the preview card of user B's unlisted hack at its link",
        setup: (ctx) => hackOf(ctx, "userB"),
        request: (ctx, _actor, hack: { slug: string }) => ({
          method: "GET",
          url: `/api/hacks/users/${ctx.users.userB.username}/${hack.slug}/card.png`,
        }),
        expect: all(200),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/hacks/:id/card.png",
    access: "optional",
    cases: [
      {
        name: "the card of user A's unlisted hack by id: the owner only",
        setup: (ctx) => hackOf(ctx, "userA"),
        request: (_ctx, _actor, hack: { id: number }) => ({ method: "GET", url: `/api/hacks/${hack.id}/card.png` }),
        expect: { ...all(404), userA: 200 },
      },
      {
        name: "the card of user B's listed hack by id",
        setup: (ctx) => listedHackOf(ctx, "userB"),
        request: (_ctx, _actor, hack: { id: number }) => ({ method: "GET", url: `/api/hacks/${hack.id}/card.png` }),
        expect: all(200),
      },
    ],
  },
];
