import { expect } from "vitest";
import { EXPECT, jsonOf, type MatrixContext, type RouteEntry } from "../../test/authz/types.ts";
import { createHack } from "./service.ts";

const { all, signedIn, ownerOnly } = EXPECT;

/** A fresh hack of user A (the owner in ownerOnly rows) or user B. */
const hackOf = (ctx: MatrixContext, who: "userA" | "userB") =>
  createHack(ctx.app.ctx, ctx.users[who].id, { title: `Matrix hack of ${who}` });

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
        name: "change user A's hack",
        setup: (ctx) => hackOf(ctx, "userA"),
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
        name: "delete user A's hack",
        setup: (ctx) => hackOf(ctx, "userA"),
        request: (_ctx, _actor, hack: { id: number }) => ({ method: "DELETE", url: `/api/hacks/${hack.id}` }),
        expect: ownerOnly(200, 403),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/hacks/:id/fork",
    access: "user",
    cases: [
      {
        name: "fork user B's hack into the caller's own",
        setup: (ctx) => hackOf(ctx, "userB"),
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
    url: "/api/hacks/:id/card.png",
    access: "public",
    cases: [
      {
        name: "the preview card of user B's hack",
        setup: (ctx) => hackOf(ctx, "userB"),
        request: (_ctx, _actor, hack: { id: number }) => ({ method: "GET", url: `/api/hacks/${hack.id}/card.png` }),
        expect: all(200),
      },
    ],
  },
];
