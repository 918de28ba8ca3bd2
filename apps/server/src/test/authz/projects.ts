import { expect } from "vitest";
import { type Actor, allOwnedBy, EXPECT, jsonOf, listOf, me, type MatrixContext, type RouteEntry } from "./types.ts";
import { checkStepApi, passSign, projectIdOf, SIGN_FILES } from "../../modules/projects/test-helpers.ts";

const { all, signedIn, premium } = EXPECT;

const sign = (ctx: MatrixContext) => projectIdOf(ctx.app.ctx.db, "neon-sign");
const premiumProject = (ctx: MatrixContext) => projectIdOf(ctx.app.ctx.db, "neon-console");

/** The free project's id, with its steps passed by the actor first (nothing for anonymous callers). */
async function passedBy(ctx: MatrixContext, actor: Actor) {
  const id = await sign(ctx);
  const user = me(ctx, actor);
  if (user) await passSign(ctx.app, user.headers, id);
  return id;
}

/** Authorization matrix rows of the projects module (test/authz-matrix.ts). */
export const PROJECT_ROUTES: RouteEntry[] = [
  {
    method: "GET",
    url: "/api/projects",
    access: "optional",
    cases: [
      {
        name: "the catalogue, with the caller's own progress",
        request: () => ({ method: "GET", url: "/api/projects" }),
        expect: all(200),
        check: (_ctx, actor, res) => {
          const items = (jsonOf(res).items ?? []) as { progress: unknown }[];
          for (const item of items) expect(item.progress === null).toBe(actor === "anonymous");
        },
      },
    ],
  },
  {
    method: "GET",
    url: "/api/projects/:id",
    access: "optional",
    cases: [
      {
        name: "a premium project: the preview for everyone, every step with access",
        request: () => ({ method: "GET", url: "/api/projects/neon-console" }),
        expect: all(200),
        check: (_ctx, actor, res) => expect(jsonOf(res).has_access).toBe(actor === "paying" || actor === "admin"),
      },
    ],
  },
  {
    method: "PUT",
    url: "/api/projects/:id/files",
    access: "user",
    cases: [
      {
        name: "save own files",
        setup: sign,
        request: (_ctx, _actor, id: number) => ({
          method: "PUT",
          url: `/api/projects/${id}/files`,
          payload: { files: SIGN_FILES },
        }),
        expect: signedIn(200),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/projects/:id/check",
    access: "user",
    cases: [
      {
        name: "check a step of the free project",
        setup: sign,
        request: (_ctx, _actor, id: number) => ({
          method: "POST",
          url: `/api/projects/${id}/check`,
          payload: { step: "markup", files: SIGN_FILES },
        }),
        expect: signedIn(200),
      },
      {
        name: "a premium project's second step needs access",
        setup: premiumProject,
        request: (_ctx, _actor, id: number) => ({
          method: "POST",
          url: `/api/projects/${id}/check`,
          payload: { step: "footer", files: [{ name: "index.html", content: "<footer></footer>" }] },
        }),
        expect: premium(401),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/projects/:id/report",
    access: "user",
    cases: [
      {
        name: "report the preview's results of an own attempt",
        setup: async (ctx, actor) => {
          const id = await sign(ctx);
          const user = me(ctx, actor);
          if (!user) return { id, token: "none" };
          const started = (await checkStepApi(ctx.app, user.headers, id, "blink")).json() as {
            attempt: { token: string };
          };
          return { id, token: started.attempt.token };
        },
        request: (_ctx, _actor, { id, token }: { id: number; token: string }) => ({
          method: "POST",
          url: `/api/projects/${id}/report`,
          payload: { step: "blink", token, results: [{ id: "blinks", passed: true, message: "" }] },
        }),
        expect: signedIn(200),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/projects/:id/complete",
    access: "user",
    cases: [
      {
        name: "complete the free project after passing its steps",
        setup: passedBy,
        request: (_ctx, _actor, id: number) => ({ method: "POST", url: `/api/projects/${id}/complete` }),
        expect: signedIn(200),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/projects/:id/vote",
    access: "user",
    cases: [
      {
        name: "rate the free project",
        setup: passedBy,
        request: (_ctx, _actor, id: number) => ({ method: "POST", url: `/api/projects/${id}/vote?stars=4` }),
        expect: signedIn(200),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/project-assets/:project/*",
    access: "public",
    cases: [
      {
        name: "a project's cover",
        request: () => ({ method: "GET", url: "/api/project-assets/neon-sign/cover.svg" }),
        expect: all(200),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/users/completed-projects",
    access: "user",
    cases: [
      {
        name: "own completed projects only",
        request: () => ({ method: "GET", url: "/api/users/completed-projects" }),
        expect: signedIn(200),
        check: (ctx, actor, res) => {
          const user = me(ctx, actor);
          if (user) allOwnedBy(listOf(res), user.id);
        },
      },
    ],
  },
];
