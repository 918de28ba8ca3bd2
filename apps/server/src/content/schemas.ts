import { z } from "zod";
import { DEFAULT_LESSON_XP } from "@neonlab/shared/constants";
import { COURSE_LEVELS, QUIZ_TYPES } from "@neonlab/shared/schemas/learning";

// The file format of content/ (documented in content/README.md), checked field by field.

export const LESSON_XP_MIN = 5;
export const LESSON_XP_MAX = 30;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const slugSchema = z
  .string({ error: "is required (lower-case letters, digits and dashes)" })
  .regex(SLUG, "must be lower-case letters, digits and single dashes, e.g. html-basics");

const required = (max: number) =>
  z.string({ error: "is required" }).trim().min(1, "is required").max(max, `must be at most ${max} characters`);

export const imagePath = z
  .string({ error: "is required (a path relative to this file's folder)" })
  .trim()
  .regex(/\.(svg|png|webp)$/i, "must be an .svg, .png or .webp file");

export const categoriesSchema = z
  .array(
    z.strictObject({
      slug: slugSchema,
      name: required(60),
      description: z.string().trim().max(300, "must be at most 300 characters").default(""),
    }),
    { error: "must be a list of categories (slug, name, description)" },
  )
  .min(1, "needs at least one category");

export const courseFrontmatterSchema = z.strictObject({
  slug: slugSchema,
  title: required(100),
  category: slugSchema,
  premium: z.boolean({ error: "must be true or false" }).default(false),
  cover: imagePath,
  level: z.enum(COURSE_LEVELS, { error: `must be one of ${COURSE_LEVELS.join(", ")}` }),
});

export const chapterFrontmatterSchema = z.strictObject({
  slug: slugSchema,
  title: required(100),
  badge: z.strictObject({ name: required(60), image: imagePath }, { error: "is required (name and image)" }),
  glossary: z
    .array(z.strictObject({ term: required(80), definition: required(500) }), {
      error: "must be a list of {term, definition}",
    })
    .default([]),
});

const quizOptionSchema = z.strictObject({
  /** Optional: keeps the option's id (and so in-flight answers) when its text is edited. */
  id: slugSchema.optional(),
  text: required(500),
  correct: z.boolean({ error: "must be true or false" }).default(false),
  explanation: z
    .string({ error: "is required: every option needs an explanation shown after answering" })
    .trim()
    .min(1, "is required: every option needs an explanation shown after answering")
    .max(1000, "must be at most 1000 characters"),
});

const quizSchema = z
  .strictObject({
    id: slugSchema,
    type: z.enum(QUIZ_TYPES, { error: "must be single or multiple" }),
    question: required(1000),
    /** Shown with a wrong answer; must not say which option is right. */
    hint: z
      .string({ error: "must be text" })
      .trim()
      .min(1, "must not be empty")
      .max(500, "must be at most 500 characters")
      .optional(),
    options: z
      .array(quizOptionSchema, { error: "is required (a list of 2–6 options)" })
      .min(2, "needs at least 2 options")
      .max(6, "allows at most 6 options"),
  })
  .superRefine((quiz, ctx) => {
    const correct = quiz.options.filter((o) => o.correct).length;
    if (quiz.type === "single" && correct !== 1) {
      ctx.addIssue({
        code: "custom",
        path: ["options"],
        message: `a single-choice quiz needs exactly one correct option (has ${correct})`,
      });
    }
    if (quiz.type === "multiple" && correct < 1) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "needs at least one correct option" });
    }
    const seen = new Set<string>();
    quiz.options.forEach((option, i) => {
      const key = option.id ?? option.text;
      if (seen.has(key)) {
        const what = option.id ? `id "${option.id}"` : "text";
        ctx.addIssue({
          code: "custom",
          path: ["options", i],
          message: `another option of this quiz has the same ${what}`,
        });
      }
      seen.add(key);
    });
  });

const reflectionSchema = z.strictObject({ id: slugSchema, prompt: required(1000) });

const uniqueIds = (label: string) => (items: { id: string }[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.id))
      ctx.addIssue({ code: "custom", path: [i, "id"], message: `duplicate ${label} id "${item.id}"` });
    seen.add(item.id);
  });
};

export const lessonFrontmatterSchema = z.strictObject({
  slug: slugSchema,
  title: required(120),
  xp: z
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(LESSON_XP_MIN, `must be between ${LESSON_XP_MIN} and ${LESSON_XP_MAX}`)
    .max(LESSON_XP_MAX, `must be between ${LESSON_XP_MIN} and ${LESSON_XP_MAX}`)
    .default(DEFAULT_LESSON_XP),
  goal: required(300),
  quizzes: z
    .array(quizSchema, { error: "is required: every lesson needs at least one quiz" })
    .min(1, "every lesson needs at least one quiz")
    .superRefine(uniqueIds("quiz")),
  reflections: z
    .array(reflectionSchema, { error: "must be a list of {id, prompt}" })
    .default([])
    .superRefine(uniqueIds("reflection")),
});

export type CategoryFile = z.infer<typeof categoriesSchema>[number];
export type CourseFrontmatter = z.infer<typeof courseFrontmatterSchema>;
export type ChapterFrontmatter = z.infer<typeof chapterFrontmatterSchema>;
export type LessonFrontmatter = z.infer<typeof lessonFrontmatterSchema>;

/** Zod issues as `field: message` pairs; the field is the dotted path (e.g. quizzes.0.options.1.explanation). */
export function issuesOf(error: z.ZodError): { field: string; message: string }[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      const keys = issue.keys.join(", ");
      return { field: path ? `${path}.${issue.keys[0]}` : issue.keys[0], message: `unknown field(s) ${keys}` };
    }
    return { field: path || "(file)", message: issue.message };
  });
}
