import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { quizOptionId } from "../modules/learning/option-ids.ts";
import { checkAnswerPositions } from "./answer-positions.ts";
import { resolveLinks } from "./links.ts";
import { asset, type LoadContext, problem, readMarkdown, readYaml, rel, subfolders, validate } from "./load-context.ts";
import { loadProjects } from "./projects.ts";
import { countWords } from "./markdown.ts";
import {
  ASSETS_BASE,
  type CategoryModel,
  type ChapterModel,
  type ContentModel,
  type CourseModel,
  type LessonModel,
  type LoadOptions,
  type LoadResult,
  MAX_WORDS,
  MIN_WORDS,
  RESERVED_COURSE_SLUGS,
} from "./model.ts";
import {
  categoriesSchema,
  chapterFrontmatterSchema,
  courseFrontmatterSchema,
  lessonFrontmatterSchema,
} from "./schemas.ts";

const CHAPTER_DIR = /^(\d{2})-([a-z0-9-]+)$/;
const LESSON_FILE = /^(\d{2})-([a-z0-9-]+)\.md$/;

/** Reads and validates content/ into a model; every problem is reported, none thrown. */
export function loadContent(root: string, options: LoadOptions = {}): LoadResult {
  const ctx: LoadContext = {
    root: resolve(root),
    options: {
      minWords: options.minWords ?? MIN_WORDS,
      maxWords: options.maxWords ?? MAX_WORDS,
      assetsBase: options.assetsBase ?? ASSETS_BASE,
      answerPositions: options.answerPositions ?? true,
    },
    problems: [],
    lessonFiles: new Map(),
  };
  const model: ContentModel = { root: ctx.root, categories: [], courses: [], projects: [] };
  if (!existsSync(ctx.root)) {
    ctx.problems.push({ file: ctx.root, field: "(folder)", message: "the content folder does not exist" });
    return { model, problems: ctx.problems };
  }
  model.categories = loadCategories(ctx);
  const coursesDir = join(ctx.root, "courses");
  const dirs = existsSync(coursesDir) ? subfolders(coursesDir) : [];
  for (const dir of dirs) {
    const course = loadCourse(ctx, dir);
    if (course) model.courses.push(course);
  }
  checkAcrossCourses(ctx, model);
  model.projects = loadProjects(ctx, new Set(model.categories.map((c) => c.slug)));
  if (ctx.options.answerPositions) checkAnswerPositions(ctx, model);
  resolveLinks(ctx, model);
  return { model, problems: ctx.problems };
}

function loadCategories(ctx: LoadContext): CategoryModel[] {
  const data = readYaml(ctx, join(ctx.root, "categories.yaml"));
  if (data === undefined) return [];
  const parsed = validate(ctx, "categories.yaml", categoriesSchema, data);
  if (!parsed) return [];
  const seen = new Set<string>();
  parsed.forEach((c, i) => {
    if (seen.has(c.slug)) problem(ctx, "categories.yaml", `${i}.slug`, `duplicate category slug "${c.slug}"`);
    seen.add(c.slug);
  });
  return parsed.map((c, position) => ({ ...c, position }));
}

function loadCourse(ctx: LoadContext, dir: string): CourseModel | null {
  const courseDir = join(ctx.root, "courses", dir);
  const file = rel(ctx, join(courseDir, "course.md"));
  const md = readMarkdown(ctx, join(courseDir, "course.md"));
  const meta = md && validate(ctx, file, courseFrontmatterSchema, md.data);
  if (meta && meta.slug !== dir) problem(ctx, file, "slug", `must match the folder name "${dir}"`);
  if (meta && RESERVED_COURSE_SLUGS.includes(meta.slug)) problem(ctx, file, "slug", `"${meta.slug}" is reserved`);
  if (md && !md.body) problem(ctx, file, "(body)", "the pitch (text after the frontmatter) is required");
  const cover = meta ? asset(ctx, dir, courseDir, meta.cover, file, "cover") : null;

  const chaptersDir = join(courseDir, "chapters");
  const chapters: ChapterModel[] = [];
  if (!existsSync(chaptersDir)) problem(ctx, file, "chapters", "the course has no chapters/ folder");
  else {
    const orders = new Map<number, string>();
    for (const name of subfolders(chaptersDir)) {
      const match = CHAPTER_DIR.exec(name);
      const chapterFile = rel(ctx, join(chaptersDir, name));
      if (!match) {
        problem(ctx, chapterFile, "(folder)", "chapter folders are named NN-<slug>, e.g. 01-html-basics");
        continue;
      }
      const order = Number(match[1]);
      if (orders.has(order))
        problem(ctx, chapterFile, "(folder)", `order ${match[1]} is also used by ${orders.get(order)}`);
      orders.set(order, name);
      const chapter = loadChapter(ctx, dir, join(chaptersDir, name), order);
      if (chapter) chapters.push(chapter);
    }
    if (orders.size === 0) problem(ctx, file, "chapters", "the course needs at least one chapter");
  }
  if (!md || !meta || !cover) return null;
  return {
    file,
    slug: meta.slug,
    title: meta.title,
    category: meta.category,
    premium: meta.premium,
    level: meta.level,
    pitch: md.body,
    cover,
    chapters: chapters.sort((a, b) => a.order - b.order),
  };
}

function loadChapter(ctx: LoadContext, course: string, chapterDir: string, order: number): ChapterModel | null {
  const file = rel(ctx, join(chapterDir, "chapter.md"));
  const md = readMarkdown(ctx, join(chapterDir, "chapter.md"));
  const meta = md && validate(ctx, file, chapterFrontmatterSchema, md.data);
  const image = meta ? asset(ctx, course, chapterDir, meta.badge.image, file, "badge.image") : null;

  const lessons: LessonModel[] = [];
  const orders = new Map<number, string>();
  for (const entry of readdirSync(chapterDir).sort()) {
    if (entry === "chapter.md" || !entry.endsWith(".md")) continue;
    const lessonFile = rel(ctx, join(chapterDir, entry));
    const match = LESSON_FILE.exec(entry);
    if (!match) {
      problem(ctx, lessonFile, "(file)", "lesson files are named NN-<slug>.md, e.g. 01-your-first-page.md");
      continue;
    }
    const lessonOrder = Number(match[1]);
    if (orders.has(lessonOrder))
      problem(ctx, lessonFile, "(file)", `order ${match[1]} is also used by ${orders.get(lessonOrder)}`);
    orders.set(lessonOrder, entry);
    const lesson = loadLesson(ctx, course, join(chapterDir, entry), lessonOrder);
    if (lesson) lessons.push(lesson);
  }
  if (orders.size === 0) problem(ctx, file, "(chapter)", "the chapter needs at least one lesson");
  else if (lessons.length === orders.size && lessons.every((l) => l.reflections.length === 0)) {
    problem(ctx, file, "(chapter)", "the chapter needs at least one reflection in its lessons");
  }
  if (!md || !meta || !image) return null;
  return {
    file,
    order,
    slug: meta.slug,
    title: meta.title,
    intro: md.body,
    glossary: meta.glossary,
    badge: { name: meta.badge.name, image },
    lessons: lessons.sort((a, b) => a.order - b.order),
  };
}

function loadLesson(ctx: LoadContext, course: string, abs: string, order: number): LessonModel | null {
  const file = rel(ctx, abs);
  const md = readMarkdown(ctx, abs);
  const meta = md && validate(ctx, file, lessonFrontmatterSchema, md.data);
  if (!md) return null;
  const wordCount = countWords(md.body);
  const { minWords, maxWords } = ctx.options;
  if (wordCount < minWords)
    problem(ctx, file, "(body)", `has ${wordCount} words of prose; lessons need at least ${minWords}`);
  if (wordCount > maxWords)
    problem(ctx, file, "(body)", `has ${wordCount} words of prose; lessons may have at most ${maxWords}`);
  if (!meta) return null;
  ctx.lessonFiles.set(abs, { course, slug: meta.slug });
  return {
    file,
    order,
    slug: meta.slug,
    title: meta.title,
    goal: meta.goal,
    xp: meta.xp,
    body: md.body,
    wordCount,
    quizzes: meta.quizzes.map((q) => ({
      key: q.id,
      type: q.type,
      question: q.question,
      hint: q.hint ?? null,
      options: q.options.map((o) => ({
        id: quizOptionId(q.id, o.id ?? o.text),
        text: o.text,
        correct: o.correct,
        explanation: o.explanation,
      })),
    })),
    reflections: meta.reflections.map((r) => ({ key: r.id, prompt: r.prompt })),
  };
}

function checkAcrossCourses(ctx: LoadContext, model: ContentModel) {
  const categories = new Set(model.categories.map((c) => c.slug));
  const courseSlugs = new Map<string, string>();
  const badges = new Map<string, string>();
  for (const course of model.courses) {
    if (!categories.has(course.category)) {
      problem(ctx, course.file, "category", `"${course.category}" is not a slug in categories.yaml`);
    }
    const other = courseSlugs.get(course.slug);
    if (other) problem(ctx, course.file, "slug", `duplicate course slug "${course.slug}" (also ${other})`);
    courseSlugs.set(course.slug, course.file);
    const chapterSlugs = new Map<string, string>();
    const lessonSlugs = new Map<string, string>();
    for (const chapter of course.chapters) {
      const dup = chapterSlugs.get(chapter.slug);
      if (dup)
        problem(ctx, chapter.file, "slug", `duplicate chapter slug "${chapter.slug}" in this course (also ${dup})`);
      chapterSlugs.set(chapter.slug, chapter.file);
      const sameBadge = badges.get(chapter.badge.image.hash);
      if (sameBadge)
        problem(
          ctx,
          chapter.file,
          "badge.image",
          `is the same image as the badge of ${sameBadge}; each chapter needs its own`,
        );
      badges.set(chapter.badge.image.hash, chapter.file);
      for (const lesson of chapter.lessons) {
        const twin = lessonSlugs.get(lesson.slug);
        if (twin)
          problem(ctx, lesson.file, "slug", `duplicate lesson slug "${lesson.slug}" in this course (also ${twin})`);
        lessonSlugs.set(lesson.slug, lesson.file);
      }
    }
  }
}
