import { resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  checkStepInputSchema,
  checkStepResultSchema,
  completedProjectSchema,
  projectCompleteResultSchema,
  projectDetailSchema,
  projectFilesInputSchema,
  projectListSchema,
  projectsQuerySchema,
  reportStepInputSchema,
  savedFilesSchema,
} from "@neonlab/shared/schemas/projects";
import { starRatingSchema, starsQuerySchema } from "@neonlab/shared/schemas/votes";
import { requireUser } from "../../session-guards.ts";
import { sendContentImage } from "../../lib/content-image.ts";
import { idParam } from "../../lib/id-param.ts";
import type { ModuleOptions } from "../../lib/plugin-scope.ts";
import { getProject, listCompletedProjects, listProjects } from "./catalog-service.ts";
import { completeProject, rateProject } from "./completion-service.ts";
import { checkStep, reportStep, saveFiles } from "./work-service.ts";

const tags = ["projects"];
const params = z.object({ id: idParam("id") });
// The router wants one parameter name per position: GET takes the project's slug (or id) under `id`.
const projectKey = z.object({
  id: z.union([
    idParam("id"),
    z
      .string()
      .regex(/^[a-z0-9-]+$/, "Give the project's id or slug.")
      .max(120),
  ]),
});
const checksPerMinute = { rateLimit: { max: 60, timeWindow: 60_000 } };

/** Guided projects (spec §7 projects/*; product rules "Hacks and projects"; docs/decisions/029). */
export async function projectRoutes(app: FastifyInstance, { ctx: { db, transaction, config } }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secret = config.authSecret;

  r.get(
    "/api/projects",
    {
      config: { auth: "optional" },
      schema: {
        tags,
        summary: "Guided projects, optionally of one category, with stars and the caller's progress",
        querystring: projectsQuerySchema,
        response: { 200: projectListSchema },
      },
    },
    async (request) => listProjects(db, request.user?.id ?? null, request.query.category),
  );

  r.get(
    "/api/projects/:id",
    {
      config: { auth: "optional" },
      schema: {
        tags,
        summary: "A guided project by slug or id: brief, steps (premium past the first only with access), files",
        params: projectKey,
        response: { 200: projectDetailSchema },
      },
    },
    async (request) => getProject(db, request.user?.id ?? null, request.params.id),
  );

  r.put(
    "/api/projects/:id/files",
    {
      schema: {
        tags,
        summary: "Save the caller's files of a project (at most 20 files, 200 KB)",
        params,
        body: projectFilesInputSchema,
        response: { 200: savedFilesSchema },
      },
    },
    async (request) => saveFiles(db, requireUser(request).id, request.params.id, request.body.files),
  );

  r.post(
    "/api/projects/:id/check",
    {
      config: { ...checksPerMinute, errors: [403] },
      schema: {
        tags,
        summary: "Save the files and judge a step's static checks; signs an attempt for its script checks",
        params,
        body: checkStepInputSchema,
        response: { 200: checkStepResultSchema },
      },
    },
    async (request) => checkStep(db, secret, requireUser(request).id, request.params.id, request.body),
  );

  r.post(
    "/api/projects/:id/report",
    {
      config: { ...checksPerMinute, errors: [403] },
      schema: {
        tags,
        summary: "The preview's results of a step's script checks, for a signed attempt on the saved files",
        params,
        body: reportStepInputSchema,
        response: { 200: checkStepResultSchema },
      },
    },
    async (request) => reportStep(db, secret, requireUser(request).id, request.params.id, request.body),
  );

  r.post(
    "/api/projects/:id/complete",
    {
      config: { errors: [403, 409] },
      schema: {
        tags,
        summary: "Complete a project once every step's pass is recorded: XP once, a streak day, an activity",
        params,
        response: { 200: projectCompleteResultSchema },
      },
    },
    async (request) => completeProject(db, transaction, requireUser(request).id, request.params.id),
  );

  r.post(
    "/api/projects/:id/vote",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Rate a project from 1 to 5 stars (changeable; after passing one of its steps)",
        params,
        querystring: starsQuerySchema,
        response: { 200: starRatingSchema },
      },
    },
    async (request) => rateProject(db, requireUser(request).id, request.params.id, request.query.stars),
  );

  // A project's cover, straight from content/projects/<project>/, as course covers are served.
  const projectsDir = resolve(config.CONTENT_DIR, "projects");
  r.get(
    "/api/project-assets/:project/*",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "A project's image (its cover); ?v=<hash> URLs are cached for a year",
        params: z.object({ project: z.string().regex(/^[a-z0-9-]+$/), "*": z.string().min(1).max(300) }),
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) =>
      sendContentImage(
        reply,
        resolve(projectsDir, request.params.project),
        request.params["*"],
        Boolean(request.query.v),
      ),
  );

  r.get(
    "/api/users/completed-projects",
    {
      schema: {
        tags,
        summary: "The caller's completed projects, newest first",
        response: { 200: z.array(completedProjectSchema) },
      },
    },
    async (request) => listCompletedProjects(db, requireUser(request).id),
  );
}
