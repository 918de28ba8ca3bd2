import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  DATA_EXPORT_MESSAGES,
  dataExportRequestedSchema,
  dataExportStatusSchema,
  exportTokenSchema,
} from "@neonlab/shared/schemas/data-export";
import { requireUser } from "../../../session-guards.ts";
import type { ModuleOptions } from "../../../lib/plugin-scope.ts";
import { EXPORT_SCHEMA_PATH, exportFileSchema, exportJsonSchema } from "./file.ts";
import { downloadExport, exportStatus, requestExport } from "./service.ts";

/** Personal data export (docs/data-export.md): request, status, download; the file's JSON Schema beside the API's. */
export async function dataExportRoutes(app: FastifyInstance, { ctx }: ModuleOptions) {
  const { db, config, exportSections } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const fileSchema = exportFileSchema(exportSections);
  const jsonSchema = exportJsonSchema(exportSections, config.PUBLIC_URL);

  r.post(
    "/api/users/data-export",
    {
      config: { errors: [429] },
      schema: {
        tags: ["data-export"],
        operationId: "requestDataExport",
        summary: "Request a file of all own data (prepared in the background, mailed as a link; once an hour)",
        response: { 202: dataExportRequestedSchema },
      },
    },
    async (request, reply) => {
      await requestExport(ctx, requireUser(request).id);
      return reply.status(202).send({ message: DATA_EXPORT_MESSAGES.requested, status: "pending" as const });
    },
  );

  r.get(
    "/api/users/data-export",
    {
      schema: {
        tags: ["data-export"],
        operationId: "getDataExportStatus",
        summary: "Own latest data export: none, pending, ready or expired",
        response: { 200: dataExportStatusSchema },
      },
    },
    async (request) => exportStatus(db, requireUser(request).id),
  );

  r.get(
    "/api/users/data-export/:token",
    {
      config: { errors: [410] },
      schema: {
        tags: ["data-export"],
        operationId: "downloadDataExport",
        summary: "Download own data export (the link's token, for the signed-in owner only; 24 hours)",
        params: z.object({ token: exportTokenSchema }),
        response: { 200: fileSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const file = await downloadExport(db, user.id, request.params.token);
      reply
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="neonlab-data-${file.date}.json"`)
        .type("application/json; charset=utf-8");
      // Sent as stored (already checked against the schema when it was made): a string skips the serializer.
      return reply.send(file.content as unknown as z.output<typeof fileSchema>);
    },
  );

  r.get(EXPORT_SCHEMA_PATH, { config: { auth: "public" }, schema: { hide: true } }, async (_request, reply) =>
    reply.header("cache-control", "public, max-age=3600").send(jsonSchema),
  );
}
