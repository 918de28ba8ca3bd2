import { z } from "zod";
import { entityId as id, hasControlCharacters, isoDateTime, text } from "./common.ts";

// Hacks (product rules "Hacks and projects"): a user's own small web project, addressed by owner
// username and slug, viewable by anyone with the link, changed only by its owner.

export const HACK_MAX_FILES = 20;
/** All files' content together, in bytes of UTF-8. */
export const HACK_MAX_BYTES = 200 * 1024;
export const HACK_FILE_NAME_MAX = 60;
export const HACK_TITLE_MAX = 80;
export const HACKS_PAGE_SIZE = 12;

/** A file name: letters, digits, `-`, `_` and dots, starting with a letter or digit; no folders, no `..`. */
export const HACK_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;
/** What a file may be: text the editor and the preview understand. */
export const HACK_FILE_EXTENSIONS = ["html", "htm", "css", "js", "mjs", "json", "txt", "md", "svg"] as const;

export const HACK_DEFAULT_FILES = [
  {
    name: "index.html",
    content:
      '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1" />\n    <title>My hack</title>\n    <link rel="stylesheet" href="style.css" />\n  </head>\n  <body>\n    <h1>Hello, hacker!</h1>\n    <script src="script.js"></script>\n  </body>\n</html>\n',
  },
  { name: "style.css", content: "body {\n  font-family: system-ui, sans-serif;\n  margin: 2rem;\n}\n" },
  { name: "script.js", content: 'console.log("Hello from script.js");\n' },
];

/** Why a file name is refused, or null when it is fine. */
export function hackFileNameProblem(name: string): string | null {
  if (!name) return "A file needs a name.";
  if (name.length > HACK_FILE_NAME_MAX) return `A file name has at most ${HACK_FILE_NAME_MAX} characters.`;
  if (name.includes("/") || name.includes("\\") || name.includes(".."))
    return `"${name}" is not a file name: folders and ".." are not allowed.`;
  if (!HACK_FILE_NAME.test(name))
    return `"${name}" is not a file name: use letters, digits, "-", "_" and dots, starting with a letter or digit.`;
  const extension = name.split(".").pop()?.toLowerCase() ?? "";
  if (!name.includes(".") || !(HACK_FILE_EXTENSIONS as readonly string[]).includes(extension))
    return `"${name}" needs one of these endings: ${HACK_FILE_EXTENSIONS.map((e) => `.${e}`).join(", ")}.`;
  return null;
}

const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;

/** Text only: no control characters but tab, line feed and CR, and no U+FFFD (bytes that were not UTF-8). */
const isBinary = (content: string) => content.includes("\uFFFD") || hasControlCharacters(content, { multiline: true });

export const hackFileSchema = z.object({
  name: z.string({ error: "A file needs a name." }),
  content: z.string({ error: "A file's content must be text." }),
});
export type HackFile = z.infer<typeof hackFileSchema>;

/** The files of a hack with every rule of the product rules (names, count, size, text only). */
export const hackFilesSchema = z.array(hackFileSchema).superRefine((files, issues) => {
  const problem = hackFilesProblem(files);
  if (problem) issues.addIssue({ code: "custom", message: problem });
});

/** The first rule a set of files breaks, or null. */
export function hackFilesProblem(files: HackFile[]): string | null {
  if (files.length === 0) return "A hack needs at least one file.";
  if (files.length > HACK_MAX_FILES) return `A hack has at most ${HACK_MAX_FILES} files.`;
  const seen = new Set<string>();
  let bytes = 0;
  for (const file of files) {
    const problem = hackFileNameProblem(file.name);
    if (problem) return problem;
    const key = file.name.toLowerCase();
    if (seen.has(key)) return `There are two files named "${file.name}".`;
    seen.add(key);
    if (isBinary(file.content)) return `"${file.name}" is not text: only text files can be saved.`;
    bytes += utf8Bytes(file.content) + utf8Bytes(file.name);
  }
  if (bytes > HACK_MAX_BYTES) return `A hack's files hold at most ${HACK_MAX_BYTES / 1024} KB together.`;
  return null;
}

export const HACK_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const hackSlugSchema = z
  .string({ error: "The link name must be text." })
  .trim()
  .min(1, "The link name is required.")
  .max(60, "The link name has at most 60 characters.")
  .regex(HACK_SLUG, "The link name uses lowercase letters, digits and single dashes.");

/** "My Cool Hack!" → "my-cool-hack" (empty when nothing usable is left). */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/g, "");
}

const title = text("The title", HACK_TITLE_MAX);

/** POST hacks {title?, files?} (spec §7: "create, body not shown"). */
export const createHackInputSchema = z.strictObject({
  title: title.optional(),
  files: hackFilesSchema.optional(),
  listed: z.boolean().optional(),
});
export type CreateHackInput = z.infer<typeof createHackInputSchema>;

/** PUT hacks/{id}: any of the owner's fields. */
export const updateHackInputSchema = z.strictObject({
  title: title.optional(),
  slug: hackSlugSchema.optional(),
  files: hackFilesSchema.optional(),
  listed: z.boolean().optional(),
});
export type UpdateHackInput = z.infer<typeof updateHackInputSchema>;

export const hackOwnerSchema = z.object({
  username: z.string(),
  display_name: z.string().nullable(),
  avatar: z.string().nullable(),
});

export const hackSummarySchema = z.object({
  id,
  title: z.string(),
  slug: z.string(),
  listed: z.boolean(),
  has_environment: z.boolean(),
  owner: hackOwnerSchema,
  file_names: z.array(z.string()),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type HackSummary = z.infer<typeof hackSummarySchema>;

export const hackSchema = hackSummarySchema.extend({
  files: z.array(hackFileSchema),
  /**
   * The hack it was forked from, while that hack exists. An unlisted origin's link and title go only to its
   * owner: the fork's owner gets its author with `slug` and `title` null, anyone else null.
   */
  forked_from: z.object({ username: z.string(), slug: z.string().nullable(), title: z.string().nullable() }).nullable(),
  can_edit: z.boolean(),
  /** The live site on the preview origin, when it has an index.html. */
  live_url: z.string().nullable(),
  /** The generated preview card (PNG), at the hack's link. */
  card_url: z.string(),
});
export type Hack = z.infer<typeof hackSchema>;

export const hackPageSchema = z.object({
  items: z.array(hackSummarySchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type HackPage = z.infer<typeof hackPageSchema>;

export const hackPageQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int().min(1, "page starts at 1").max(10_000).default(1),
});

/** GET hacks/sandbox: where hack code runs (a different site from the app). */
export const hackSandboxSchema = z.object({ origin: z.string(), bootstrap_url: z.string() });
export type HackSandbox = z.infer<typeof hackSandboxSchema>;
