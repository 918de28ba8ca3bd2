import { stat, readFile } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../errors.ts";

const MIME: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
};

/** Course covers, chapter badges and lesson images, straight from content/courses/<course>/. */
export function registerContentAssetRoutes(app: FastifyInstance, { config }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const coursesDir = resolve(config.CONTENT_DIR, "courses");

  r.get(
    "/api/content-assets/:course/*",
    {
      config: { auth: "public" },
      schema: {
        tags: ["learning"],
        summary: "A content image (cover, badge, lesson image); ?v=<hash> URLs are cached for a year",
        params: z.object({ course: z.string().regex(/^[a-z0-9-]+$/), "*": z.string().min(1).max(300) }),
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const courseDir = resolve(coursesDir, request.params.course);
      const file = resolve(courseDir, request.params["*"]);
      const type = MIME[extname(file).toLowerCase()];
      if (!type || !file.startsWith(courseDir + sep)) throw notFound("No such content image.");
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw notFound("No such content image.");
      reply.header("cache-control", request.query.v ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      // SVG is active content: never let one run script or load anything, even when opened directly.
      reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return reply.type(type).send(await readFile(file));
    },
  );
}
