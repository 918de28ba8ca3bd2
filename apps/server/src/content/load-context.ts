import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { type AssetRef, type LoadOptions, type Problem, RASTER_MAX_BYTES } from "./model.ts";

/** Everything a pass needs: the root, options and the growing problem list. */
export type LoadContext = {
  root: string;
  options: Required<LoadOptions>;
  problems: Problem[];
  /** Absolute lesson file → its course slug and lesson slug, for resolving links. */
  lessonFiles: Map<string, { course: string; slug: string }>;
};

export const posix = (path: string) => path.split(sep).join("/");

export const problem = (ctx: LoadContext, file: string, field: string, message: string) =>
  ctx.problems.push({ file, field, message });

export const rel = (ctx: LoadContext, abs: string) => posix(relative(ctx.root, abs));

/** An image path relative to `baseDir`, checked to exist inside the course folder. */
export function asset(
  ctx: LoadContext,
  courseSlug: string,
  baseDir: string,
  path: string,
  file: string,
  field: string,
): AssetRef | null {
  const courseDir = join(ctx.root, "courses", courseSlug);
  const abs = resolve(baseDir, path);
  if (!abs.startsWith(courseDir + sep)) {
    problem(ctx, file, field, `"${path}" must be inside the course folder`);
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
  const inCourse = posix(relative(courseDir, abs));
  return { path: inCourse, hash, url: `${ctx.options.assetsBase}/${courseSlug}/${inCourse}?v=${hash.slice(0, 10)}` };
}
