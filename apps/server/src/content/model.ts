import type { CourseLevel, QuizType } from "@neonlab/shared/schemas/learning";
import type { CssRule, HtmlRule } from "./project-schemas.ts";

/** One problem found in content/, named by file (relative to the content root) and field. */
/** What an import counts of content that left the files: kept hidden (learners have progress on it) or removed. */
export type PruneCounts = { hidden: number; removed: number };

export type Problem = { file: string; field: string; message: string };

export const formatProblem = (p: Problem) => `${p.file}: ${p.field}: ${p.message}`;

/** An image inside a course's (or a project's) folder and the absolute URL the browser loads it from. */
export type AssetRef = { path: string; url: string; hash: string };

export type CategoryModel = { slug: string; name: string; description: string; position: number };

export type QuizModel = {
  key: string;
  type: QuizType;
  question: string;
  hint: string | null;
  /** In file order; `id` is the option's stable id (modules/learning/option-ids.ts). */
  options: { id: string; text: string; correct: boolean; explanation: string }[];
};

export type ReflectionModel = { key: string; prompt: string };

export type LessonModel = {
  file: string;
  order: number;
  slug: string;
  title: string;
  goal: string;
  xp: number;
  /** Markdown with internal links rewritten to site paths and images to asset URLs. */
  body: string;
  wordCount: number;
  quizzes: QuizModel[];
  reflections: ReflectionModel[];
};

export type ChapterModel = {
  file: string;
  order: number;
  slug: string;
  title: string;
  intro: string;
  glossary: { term: string; definition: string }[];
  badge: { name: string; image: AssetRef };
  lessons: LessonModel[];
};

export type CourseModel = {
  file: string;
  slug: string;
  title: string;
  category: string;
  premium: boolean;
  level: CourseLevel;
  pitch: string;
  cover: AssetRef;
  chapters: ChapterModel[];
};

/** A guided project's check: judged from the saved HTML or CSS by the server, or by a script in the preview. */
export type CheckModel = {
  id: string;
  label: string;
  rule: { type: "html"; html: HtmlRule } | { type: "css"; css: CssRule } | { type: "script"; script: string };
};

export type StepModel = { file: string; order: number; key: string; title: string; body: string; checks: CheckModel[] };

export type ProjectModel = {
  file: string;
  slug: string;
  title: string;
  category: string;
  premium: boolean;
  xp: number;
  level: CourseLevel;
  summary: string;
  /** The catalogue card's art: an image in the project's folder. */
  cover: AssetRef;
  /** Markdown. */
  brief: string;
  /** The files a learner starts from, in the order the editor shows them (index.html first). */
  starter: { name: string; content: string }[];
  steps: StepModel[];
};

export type ContentModel = {
  root: string;
  categories: CategoryModel[];
  courses: CourseModel[];
  projects: ProjectModel[];
};

export type LoadOptions = {
  /** Fewest words of prose a lesson may have (default 250; fixtures use less). */
  minWords?: number;
  maxWords?: number;
  /** URL prefix of content images (default /api/content-assets). */
  assetsBase?: string;
  /** Refuse courses whose correct answers cluster on one position (default true; off to rebalance them). */
  answerPositions?: boolean;
};

export type LoadResult = { model: ContentModel; problems: Problem[] };

export const MIN_WORDS = 250;
export const MAX_WORDS = 900;
export const ASSETS_BASE = "/api/content-assets";
/** URL prefix of projects' images (a project's cover): the project's folder name, then the path in it. */
export const PROJECT_ASSETS_BASE = "/api/project-assets";
export const IMAGE_EXTENSIONS = ["svg", "png", "webp", "jpg", "jpeg", "gif"] as const;
export const RASTER_MAX_BYTES = 200 * 1024;
/** Course slugs that would collide with fixed API paths (GET /api/courses/public). */
export const RESERVED_COURSE_SLUGS = ["public"];

export const modelCounts = (model: ContentModel) => {
  const chapters = model.courses.flatMap((c) => c.chapters);
  const lessons = chapters.flatMap((c) => c.lessons);
  return {
    categories: model.categories.length,
    courses: model.courses.length,
    chapters: chapters.length,
    lessons: lessons.length,
    quizzes: lessons.reduce((n, l) => n + l.quizzes.length, 0),
    reflections: lessons.reduce((n, l) => n + l.reflections.length, 0),
    projects: model.projects.length,
    steps: model.projects.reduce((n, p) => n + p.steps.length, 0),
  };
};
