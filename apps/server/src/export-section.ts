import { z } from "zod";
import type { Db } from "./db/client.ts";

/**
 * One module's part of a user's personal data export (docs/data-export.md): a key in the file's `sections`,
 * the zod schema of its content (published as JSON Schema at /api/docs/export-schema.json) and how to read
 * it for one user. A module adds one in its `export-section.ts`, listed in its manifest (`exportSections`).
 * `collect` reads the user's rows only, and never a secret (no password hash, token or key).
 */
export type ExportSection<S extends z.ZodType = z.ZodType> = {
  key: string;
  title: string;
  schema: S;
  collect(db: Db, userId: string): Promise<z.output<S>>;
};

/** Defines a section with its content type checked against its schema. */
export const exportSection = <S extends z.ZodType>(section: ExportSection<S>): ExportSection<S> => section;

/** A timestamp in the file: ISO 8601 in UTC. */
export const timestamp = z.iso.datetime();
export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
