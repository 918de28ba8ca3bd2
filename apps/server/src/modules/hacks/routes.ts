import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createHackInputSchema,
  hackPageQuerySchema,
  hackPageSchema,
  hackSandboxSchema,
  hackSchema,
  updateHackInputSchema,
} from "@neonlab/shared/schemas/hacks";
import { okResponseSchema } from "@neonlab/shared/schemas/common";
import { requireUser } from "../../session-guards.ts";
import { idParam } from "../../lib/id-param.ts";
import { limitBodies, type ModuleOptions } from "../../lib/plugin-scope.ts";
import { hackCard, hackCardAt } from "./card.ts";
import {
  createHack,
  deleteHack,
  findHackAt,
  forkHack,
  forkHackAt,
  listExploreHacks,
  listOwnHacks,
  updateHack,
} from "./service.ts";

const tags = ["hacks"];
const params = z.object({ id: idParam("id") });
const linkParams = z.object({ username: z.string().max(100), slug: z.string().max(100) });
const cardQuery = z.object({ v: z.string().max(20).optional() });
/** 200 KB of files plus JSON escaping. */
const HACK_BODY_LIMIT = 1024 * 1024;

/** Hacks: a user's own small web projects (spec §7 POST hacks; product rules "Hacks and projects"; decision 028). */
export async function hackRoutes(app: FastifyInstance, { ctx }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  limitBodies(app, HACK_BODY_LIMIT);

  r.get(
    "/api/hacks/sandbox",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "Where hack code runs: the preview site (another host name) and its bootstrap page",
        response: { 200: hackSandboxSchema },
      },
    },
    async () => ({ origin: ctx.config.previewOrigin, bootstrap_url: `${ctx.config.previewOrigin}/bootstrap` }),
  );

  r.get(
    "/api/hacks",
    {
      schema: {
        tags,
        summary: "The caller's own hacks, the last changed first, 12 a page",
        querystring: hackPageQuerySchema,
        response: { 200: hackPageSchema },
      },
    },
    async (request) => listOwnHacks(ctx.db, requireUser(request).id, request.query.page),
  );

  r.get(
    "/api/hacks/explore",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "Explore: hacks their owners listed, the last changed first, 12 a page",
        querystring: hackPageQuerySchema,
        response: { 200: hackPageSchema },
      },
    },
    async (request) => listExploreHacks(ctx.db, request.query.page),
  );

  r.post(
    "/api/hacks",
    {
      schema: {
        tags,
        summary: "Create a hack (index.html, style.css and script.js unless files are given; unlisted)",
        body: createHackInputSchema,
        response: { 201: hackSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createHack(ctx, requireUser(request).id, request.body)),
  );

  r.get(
    "/api/hacks/users/:username/:slug",
    {
      config: { auth: "optional" },
      schema: {
        tags,
        summary: "A hack by its owner's username and slug (anyone with the link); old names answer the hack too",
        params: linkParams,
        response: { 200: hackSchema },
      },
    },
    async (request) => findHackAt(ctx, request.params.username, request.params.slug, request.user?.id ?? null),
  );

  r.put(
    "/api/hacks/:id",
    {
      schema: {
        tags,
        summary: "Change an own hack: title, link name (old links redirect), files, listing on Explore",
        params,
        body: updateHackInputSchema,
        response: { 200: hackSchema },
      },
    },
    async (request) => updateHack(ctx, requireUser(request).id, request.params.id, request.body),
  );

  r.delete(
    "/api/hacks/:id",
    {
      schema: { tags, summary: "Delete an own hack", params, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await deleteHack(ctx, requireUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/hacks/users/:username/:slug/fork",
    {
      schema: {
        tags,
        summary: "Fork a hack by its link (anyone holding it): a copy in the caller's own hacks",
        params: linkParams,
        response: { 201: hackSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await forkHackAt(ctx, requireUser(request).id, request.params.username, request.params.slug)),
  );

  r.post(
    "/api/hacks/:id/fork",
    {
      schema: {
        tags,
        summary:
          "Fork a listed hack, or an own one, by id (an unlisted hack only by its link): a copy in the caller's hacks",
        params,
        response: { 201: hackSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await forkHack(ctx, requireUser(request).id, request.params.id)),
  );

  r.get(
    "/api/hacks/users/:username/:slug/card.png",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "The hack's preview card (PNG, 1200×630) for link unfurls, at its link",
        params: linkParams,
        querystring: cardQuery,
        produces: ["image/png"],
      },
    },
    async (request, reply) => {
      const png = await hackCardAt(ctx, request.params.username, request.params.slug);
      return reply.type("image/png").header("cache-control", "public, max-age=86400").send(png);
    },
  );

  r.get(
    "/api/hacks/:id/card.png",
    {
      config: { auth: "optional" },
      schema: {
        tags,
        summary: "A listed hack's preview card by id, or an own one's (an unlisted hack's only at its link)",
        params,
        querystring: cardQuery,
        produces: ["image/png"],
      },
    },
    async (request, reply) => {
      const card = await hackCard(ctx, request.params.id, request.user?.id ?? null);
      const cache = card.listed ? "public, max-age=86400" : "private, max-age=86400";
      return reply.type("image/png").header("cache-control", cache).send(card.png);
    },
  );
}
