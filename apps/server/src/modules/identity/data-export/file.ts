import { z } from "zod";
import type { Db } from "../../../db/client.ts";
import { timestamp } from "../../../export-section.ts";
import { EXPORT_SECTIONS } from "./sections.ts";

export const EXPORT_FORMAT = "neonlab-personal-data";
export const EXPORT_VERSION = 1;
export const EXPORT_SCHEMA_PATH = "/api/docs/export-schema.json";

type Sections = { [S in (typeof EXPORT_SECTIONS)[number] as S["key"]]: S["schema"] };

/** The export file: a header, then one key per section (sections.ts). */
export const exportFileSchema = z
  .object({
    $schema: z.string().describe("Where this file's JSON Schema is published."),
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    exportedAt: timestamp,
    userId: z.string(),
    sections: z
      .object(Object.fromEntries(EXPORT_SECTIONS.map((s) => [s.key, s.schema.describe(s.title)])) as Sections)
      .strict(),
  })
  .strict()
  .meta({ title: "NeonLab personal data export", description: "Everything NeonLab holds about one user." });

export type ExportFile = z.output<typeof exportFileSchema>;

/** The file's JSON Schema (draft 2020-12), as published at /api/docs/export-schema.json. */
export function exportJsonSchema(publicUrl: string) {
  const url = new URL(EXPORT_SCHEMA_PATH, publicUrl).toString();
  return { ...z.toJSONSchema(exportFileSchema, { target: "draft-2020-12", io: "output" }), $id: url };
}

/** Reads every section for one user; checked against the schema, so the file always matches what is published. */
export async function buildExportFile(db: Db, userId: string, publicUrl: string): Promise<ExportFile> {
  const sections: Record<string, unknown> = {};
  for (const section of EXPORT_SECTIONS) sections[section.key] = await section.collect(db, userId);
  return exportFileSchema.parse({
    $schema: new URL(EXPORT_SCHEMA_PATH, publicUrl).toString(),
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    userId,
    sections,
  });
}
