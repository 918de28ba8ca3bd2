import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import matter from "gray-matter";
import YAML from "yaml";
import type { z } from "zod";
import { issuesOf } from "./schemas.ts";
import { type AssetRef, type LoadOptions, type Problem, RASTER_MAX_BYTES } from "./model.ts";

/** Everything a pass needs: the root, options and the growing problem list. */
export type LoadContext = {
  root: string;
  options: Required<LoadOptions>;
  problems: Problem[];
  /** Absolute lesson file → its course slug and lesson slug, for resolving links. */
  lessonFiles: Map<string, { course: string; slug: string }>;
};

/** What reading and checking a file needs: the folder problems are named from, and where they go. */
export type FileContext = Pick<LoadContext, "root" | "problems">;

export const posix = (path: string) => path.split(sep).join("/");

export const problem = (ctx: FileContext, file: string, field: string, message: string) =>
  ctx.problems.push({ file, field, message });

export const rel = (ctx: FileContext, abs: string) => posix(relative(ctx.root, abs)) || ".";

/** The folder's visible subfolders by name (none when it does not exist). */
export function subfolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith("."))
    .map((e) => e.name)
    .sort();
}

/** An image path relative to `baseDir`, checked to exist inside the course folder. */
export const asset = (
  ctx: LoadContext,
  courseSlug: string,
  baseDir: string,
  path: string,
  file: string,
  field: string,
): AssetRef | null =>
  assetIn(
    ctx,
    { dir: join(ctx.root, "courses", courseSlug), url: `${ctx.options.assetsBase}/${courseSlug}`, noun: "course" },
    baseDir,
    path,
    file,
    field,
  );

/**
 * An image path relative to `baseDir`, checked to exist inside `folder.dir` (a course's or a project's folder);
 * its URL is `folder.url`, its path in the folder and `?v=` a hash of its bytes.
 */
export function assetIn(
  ctx: LoadContext,
  folder: { dir: string; url: string; noun: string },
  baseDir: string,
  path: string,
  file: string,
  field: string,
): AssetRef | null {
  const abs = resolve(baseDir, path);
  if (!abs.startsWith(folder.dir + sep)) {
    problem(ctx, file, field, `"${path}" must be inside the ${folder.noun} folder`);
    return null;
  }
  if (!existsSync(abs) || !statSync(abs).isFile()) {
    problem(ctx, file, field, `image "${path}" does not exist`);
    return null;
  }
  const bytes = readFileSync(abs);
  if (!/\.svg$/i.test(abs) && bytes.length > RASTER_MAX_BYTES) {
    problem(
      ctx,
      file,
      field,
      `"${path}" is ${Math.round(bytes.length / 1024)} KB; raster images may be at most 200 KB`,
    );
  }
  const hash = createHash("sha256").update(bytes).digest("hex");
  const inFolder = posix(relative(folder.dir, abs));
  return { path: inFolder, hash, url: `${folder.url}/${inFolder}?v=${hash.slice(0, 10)}` };
}

export function validate<S extends z.ZodType>(
  ctx: FileContext,
  file: string,
  schema: S,
  data: unknown,
): z.output<S> | null {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  for (const issue of issuesOf(parsed.error)) problem(ctx, file, issue.field, issue.message);
  return null;
}

/** Frontmatter and body of a markdown file, or null (problem reported) when it can not be parsed. */
export function readMarkdown(ctx: FileContext, abs: string): { data: unknown; body: string } | null {
  const file = rel(ctx, abs);
  if (!existsSync(abs)) {
    problem(ctx, file, "(file)", "is missing");
    return null;
  }
  try {
    const parsed = matter(readFileSync(abs, "utf8"), {
      engines: { yaml: { parse: (text: string) => (YAML.parse(text) ?? {}) as object } },
    });
    return { data: parsed.data, body: parsed.content.trim() };
  } catch (error) {
    problem(ctx, file, "(frontmatter)", (error as Error).message.split("\n")[0]);
    return null;
  }
}

/** A YAML file's data, or undefined (problem reported) when it is missing or can not be parsed. */
export function readYaml(ctx: FileContext, abs: string): unknown {
  const file = rel(ctx, abs);
  if (!existsSync(abs)) {
    problem(ctx, file, "(file)", "is missing");
    return undefined;
  }
  try {
    return YAML.parse(readFileSync(abs, "utf8"));
  } catch (error) {
    problem(ctx, file, "(yaml)", (error as Error).message.split("\n")[0]);
    return undefined;
  }
}
