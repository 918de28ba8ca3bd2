import { z } from "zod";
import type { Db } from "../../../db/client.ts";
import { type ExportSection, timestamp } from "../../../export-section.ts";

export const EXPORT_FORMAT = "neonlab-personal-data";
export const EXPORT_VERSION = 1;
export const EXPORT_SCHEMA_PATH = "/api/docs/export-schema.json";

/**
 * The export file: a header, then one key per section. The sections are the modules' own, as their manifests
 * list them (`exportSections`), in the order of app/modules.ts: the app hands them over as `ctx.exportSections`.
 */
export const exportFileSchema = (sections: readonly ExportSection[]) => {
  let schema = built.get(sections);
  if (!schema) {
    schema = fileSchemaOf(sections);
    built.set(sections, schema);
  }
  return schema;
};

// Made once per list of sections (the app's): a zod schema of every section is not cheap to build.
const built = new WeakMap<readonly ExportSection[], ReturnType<typeof fileSchemaOf>>();

const fileSchemaOf = (sections: readonly ExportSection[]) =>
  z
    .object({
      $schema: z.string().describe("Where this file's JSON Schema is published."),
      format: z.literal(EXPORT_FORMAT),
      version: z.literal(EXPORT_VERSION),
      exportedAt: timestamp,
      userId: z.string(),
      sections: z.object(Object.fromEntries(sections.map((s) => [s.key, s.schema.describe(s.title)]))).strict(),
    })
    .strict()
    .meta({ title: "NeonLab personal data export", description: "Everything NeonLab holds about one user." });

export type ExportFile = z.output<ReturnType<typeof fileSchemaOf>>;

/** The file's JSON Schema (draft 2020-12), as published at /api/docs/export-schema.json. */
export function exportJsonSchema(sections: readonly ExportSection[], publicUrl: string) {
  const url = new URL(EXPORT_SCHEMA_PATH, publicUrl).toString();
  return { ...z.toJSONSchema(exportFileSchema(sections), { target: "draft-2020-12", io: "output" }), $id: url };
}

/** Reads every section for one user; checked against the schema, so the file always matches what is published. */
export async function buildExportFile(
  sections: readonly ExportSection[],
  db: Db,
  userId: string,
  publicUrl: string,
): Promise<ExportFile> {
  const content: Record<string, unknown> = {};
  for (const section of sections) content[section.key] = await section.collect(db, userId);
  return exportFileSchema(sections).parse({
    $schema: new URL(EXPORT_SCHEMA_PATH, publicUrl).toString(),
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    userId,
    sections: content,
  });
}
