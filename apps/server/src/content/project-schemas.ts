import { selectAll } from "css-select";
import { parseDocument } from "htmlparser2";
import { z } from "zod";
import { DEFAULT_PROJECT_XP } from "@neonlab/shared/constants";
import { COURSE_LEVELS } from "@neonlab/shared/schemas/learning";
import { imagePath, slugSchema } from "./schemas.ts";

// The file format of content/projects/ (content/README.md, "Guided projects"), checked field by field.

export const PROJECT_XP_MIN = 10;
export const PROJECT_XP_MAX = 200;

const required = (max: number) =>
  z.string({ error: "is required" }).trim().min(1, "is required").max(max, `must be at most ${max} characters`);

const EMPTY_DOC = parseDocument("<p></p>");

/** A CSS selector css-select understands (what the server judges with), e.g. `nav a`, `ul > li`. */
const selector = z
  .string({ error: "is required (a CSS selector)" })
  .trim()
  .min(1, "is required (a CSS selector)")
  .max(200, "must be at most 200 characters")
  .refine((text) => {
    try {
      selectAll(text, EMPTY_DOC);
      return true;
    } catch {
      return false;
    }
  }, "is not a CSS selector the checker understands");

/** A regular expression (case-insensitive when judged). */
const pattern = z
  .string({ error: "must be a regular expression (text)" })
  .min(1, "must not be empty")
  .max(200, "must be at most 200 characters")
  .refine((text) => {
    try {
      new RegExp(text, "i");
      return true;
    } catch {
      return false;
    }
  }, "is not a valid regular expression");

/** Elements of the saved HTML: how many match `selector` (and `text` / `attr` when given). */
export const htmlRuleSchema = z.strictObject({
  selector,
  min: z.number().int().min(0).default(1),
  max: z.number().int().min(0).optional(),
  /** Counted only when its text content matches. */
  text: pattern.optional(),
  /** Counted only when it has this attribute (its value matching `value` when given). */
  attr: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, "must be an attribute name, e.g. href")
    .optional(),
  value: pattern.optional(),
});
export type HtmlRule = z.infer<typeof htmlRuleSchema>;

/**
 * The saved CSS (every .css file and <style> element): a declaration whose property (and value) match,
 * in a rule that selects an element matched by `matches` (when given), inside an @media whose condition
 * matches `media` (when given). With `at` alone: an at-rule of that name exists (e.g. keyframes).
 */
export const cssRuleSchema = z
  .strictObject({
    property: pattern.optional(),
    value: pattern.optional(),
    matches: selector.optional(),
    media: pattern.optional(),
    at: z
      .string()
      .regex(/^[a-z-]+$/, "must be an at-rule name, e.g. keyframes")
      .optional(),
  })
  .refine((rule) => rule.property !== undefined || rule.at !== undefined, "needs a property or an at-rule");
export type CssRule = z.infer<typeof cssRuleSchema>;

const checkSchema = z
  .strictObject({
    id: slugSchema,
    label: required(200),
    html: htmlRuleSchema.optional(),
    css: cssRuleSchema.optional(),
    /** The body of an async function run in the sandboxed preview; it throws (or calls fail) to fail. */
    script: z.string().trim().min(1, "must not be empty").max(4000, "must be at most 4000 characters").optional(),
  })
  .superRefine((check, ctx) => {
    const kinds = [check.html, check.css, check.script].filter((k) => k !== undefined).length;
    if (kinds !== 1) ctx.addIssue({ code: "custom", message: "needs exactly one of html, css or script" });
    if (check.script !== undefined) {
      try {
        // Compiled, never called: a syntax check of the author's script (content, not learner code).
        new Function(`return async function check(h) {\n${check.script}\n}`);
      } catch (error) {
        ctx.addIssue({ code: "custom", path: ["script"], message: `does not parse: ${(error as Error).message}` });
      }
    }
  });
export type CheckFile = z.infer<typeof checkSchema>;

export const projectFrontmatterSchema = z.strictObject({
  slug: slugSchema,
  title: required(100),
  category: slugSchema,
  premium: z.boolean({ error: "must be true or false" }).default(false),
  xp: z
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(PROJECT_XP_MIN, `must be between ${PROJECT_XP_MIN} and ${PROJECT_XP_MAX}`)
    .max(PROJECT_XP_MAX, `must be between ${PROJECT_XP_MIN} and ${PROJECT_XP_MAX}`)
    .default(DEFAULT_PROJECT_XP),
  level: z.enum(COURSE_LEVELS, { error: `must be one of ${COURSE_LEVELS.join(", ")}` }),
  summary: required(240),
  /** The catalogue card's art, e.g. cover.svg (each project its own drawing). */
  cover: imagePath,
});

export const stepFrontmatterSchema = z.strictObject({
  title: required(120),
  checks: z
    .array(checkSchema, { error: "is required: every step needs at least one check" })
    .min(1, "every step needs at least one check")
    .max(20, "allows at most 20 checks")
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.id))
          ctx.addIssue({ code: "custom", path: [i, "id"], message: `duplicate check id "${item.id}"` });
        seen.add(item.id);
      });
    }),
});
