import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { asset, type LoadContext, problem } from "./load-context.ts";
import { rewriteLinks } from "./markdown.ts";
import { type ContentModel, IMAGE_EXTENSIONS } from "./model.ts";

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const IMAGE = new RegExp(`\\.(${IMAGE_EXTENSIONS.join("|")})$`, "i");
const SITE_COURSE_PATH = /^\/courses\/([^/]+)(?:\/([^/]+))?\/?$/;

/**
 * Checks every link and image in lesson bodies and chapter intros, and rewrites relative ones:
 * `./02-next.md#part` → `/courses/<course>/<lesson-slug>#part`, `./diagram.svg` → its asset URL.
 */
export function resolveLinks(ctx: LoadContext, model: ContentModel) {
  const lessonsByCourse = new Map(
    model.courses.map((c) => [c.slug, new Set(c.chapters.flatMap((ch) => ch.lessons.map((l) => l.slug)))]),
  );
  for (const course of model.courses) {
    for (const chapter of course.chapters) {
      const chapterDir = dirname(join(ctx.root, chapter.file));
      chapter.intro = rewrite(ctx, lessonsByCourse, course.slug, chapterDir, chapter.file, chapter.intro);
      for (const lesson of chapter.lessons) {
        lesson.body = rewrite(ctx, lessonsByCourse, course.slug, chapterDir, lesson.file, lesson.body);
      }
    }
  }
}

function rewrite(
  ctx: LoadContext,
  lessonsByCourse: Map<string, Set<string>>,
  course: string,
  baseDir: string,
  file: string,
  markdown: string,
): string {
  return rewriteLinks(markdown, (target) => {
    if (EXTERNAL.test(target) || target.startsWith("#")) return undefined;
    const hashAt = target.indexOf("#");
    const fragment = hashAt >= 0 ? target.slice(hashAt) : "";
    const path = (hashAt >= 0 ? target.slice(0, hashAt) : target).split("?")[0];
    if (path.startsWith("/")) {
      const site = SITE_COURSE_PATH.exec(path);
      if (site) {
        const lessons = lessonsByCourse.get(site[1]);
        if (!lessons) problem(ctx, file, "(body)", `broken link "${target}": there is no course "${site[1]}"`);
        else if (site[2] && !lessons.has(site[2])) {
          problem(ctx, file, "(body)", `broken link "${target}": course "${site[1]}" has no lesson "${site[2]}"`);
        }
      }
      return undefined;
    }
    let decoded: string;
    try {
      decoded = decodeURI(path);
    } catch {
      problem(ctx, file, "(body)", `broken link "${target}": not a valid path`);
      return undefined;
    }
    const abs = resolve(baseDir, decoded);
    if (decoded.endsWith(".md")) {
      const lesson = ctx.lessonFiles.get(abs);
      if (!lesson) {
        problem(ctx, file, "(body)", `broken link "${target}": no lesson file there`);
        return undefined;
      }
      return `/courses/${lesson.course}/${lesson.slug}${fragment}`;
    }
    if (IMAGE.test(decoded)) return asset(ctx, course, baseDir, decoded, file, "(body)")?.url;
    problem(
      ctx,
      file,
      "(body)",
      existsSync(abs)
        ? `link "${target}" must point to a lesson (.md) or an image`
        : `broken link "${target}": the file does not exist`,
    );
    return undefined;
  });
}
