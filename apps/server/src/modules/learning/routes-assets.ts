import { resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { sendContentImage } from "../../lib/content-image.ts";

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
    async (request, reply) =>
      sendContentImage(
        reply,
        resolve(coursesDir, request.params.course),
        request.params["*"],
        Boolean(request.query.v),
      ),
  );
}
