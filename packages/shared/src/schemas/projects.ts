import { z } from "zod";
import { entityId as id, hasControlCharacters, isoDateTime } from "./common.ts";
import { COURSE_LEVELS, courseCategorySchema } from "./learning.ts";
import { STREAK_STATUSES } from "./progress.ts";
import { starRatingSchema } from "./votes.ts";

// Guided projects (product rules "Hacks and projects"; docs/decisions/029): content like courses — a brief,
// ordered steps with automated checks, starter files, XP on completion, a category, a stars vote.

/** Learners' files of a project: at most 20, 200 KB in all, plain text, flat names like `index.html`. */
export const PROJECT_MAX_FILES = 20;
export const PROJECT_MAX_BYTES = 200 * 1024;
export const PROJECT_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,48}\.(html|css|js|json|md|txt|svg)$/;

const fileName = z
  .string({ error: "Give each file a name." })
  .max(60, "A file name may have at most 60 characters.")
  .regex(
    PROJECT_FILE_NAME,
    "A file name is letters, digits, - or _ and an extension (.html, .css, .js, .json, .md, .txt, .svg), with no folders: e.g. index.html.",
  );

export const projectFileSchema = z.object({
  name: fileName,
  content: z
    .string({ error: "A file's content must be text." })
    // No per-file maximum: the list's total (200 KB) bounds every file.
    // Text only: no control characters but tab, line feed and CR.
    .refine(
      (text) => !hasControlCharacters(text, { multiline: true }),
      "Files must be plain text; this one holds binary data.",
    ),
});
export type ProjectFile = z.infer<typeof projectFileSchema>;

export const projectFilesSchema = z
  .array(projectFileSchema, { error: "Send the files as a list of {name, content}." })
  .min(1, "A project needs at least one file.")
  .max(PROJECT_MAX_FILES, `A project may have at most ${PROJECT_MAX_FILES} files.`)
  .superRefine((files, ctx) => {
    const seen = new Set<string>();
    for (const [i, file] of files.entries()) {
      const key = file.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: "custom", path: [i, "name"], message: `Two files are named ${file.name}.` });
      seen.add(key);
    }
    const bytes = files.reduce((n, f) => n + new TextEncoder().encode(f.content).length, 0);
    if (bytes > PROJECT_MAX_BYTES)
      ctx.addIssue({ code: "custom", message: "A project's files may hold at most 200 KB in all." });
  });

export const projectFilesInputSchema = z.object({ files: projectFilesSchema });

// ---------------------------------------------------------------- checks

/** How a check is judged: from the saved HTML/CSS by the server, or by a script in the sandboxed preview. */
export const CHECK_KINDS = ["static", "script"] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export const projectCheckSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(CHECK_KINDS),
  /** Script checks only: the body of an async function run in the preview after the learner's scripts. */
  script: z.string().nullable(),
});
export type ProjectCheck = z.infer<typeof projectCheckSchema>;

export const checkResultSchema = z.object({
  id: z.string(),
  passed: z.boolean(),
  /** Why it failed, in words for the learner ("" when passed). */
  message: z.string(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

// ---------------------------------------------------------------- catalogue and detail

export const projectProgressSchema = z.object({
  passed_steps: z.number().int(),
  total_steps: z.number().int(),
  completed: z.boolean(),
});
export type ProjectProgress = z.infer<typeof projectProgressSchema>;

export const projectSchema = z.object({
  id,
  slug: z.string(),
  category: courseCategorySchema,
  premium: z.boolean(),
  title: z.string(),
  summary: z.string(),
  /**
   * Absolute path of the project's cover art, e.g. /api/project-assets/regex-tester/cover.svg?v=1a2b3c4d;
   * null only in a database not yet re-imported since projects have covers.
   */
  cover: z.string().nullable(),
  level: z.enum(COURSE_LEVELS),
  xp: z.number().int(),
  step_count: z.number().int(),
  created_at: isoDateTime,
  /** The signed-in caller's progress; null for anonymous callers. */
  progress: projectProgressSchema.nullable(),
  rating: starRatingSchema,
});
export type Project = z.infer<typeof projectSchema>;

export const projectsQuerySchema = z.object({
  /** A category's slug: only its projects. */
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/, "Give the category as its slug, e.g. web-development.")
    .optional(),
});

export const projectListSchema = z.object({
  items: z.array(projectSchema),
  /** Every category that has at least one project (for the filter). */
  categories: z.array(courseCategorySchema),
});
export type ProjectList = z.infer<typeof projectListSchema>;

export const projectStepSchema = z.object({
  id,
  key: z.string(),
  order: z.number().int(),
  title: z.string(),
  /** Markdown; null when the step is past a premium project's free preview and the caller has no access. */
  body: z.string().nullable(),
  checks: z.array(projectCheckSchema),
  locked: z.boolean(),
  /** The caller passed this step (its checks, as recorded by the server). */
  passed: z.boolean(),
});
export type ProjectStep = z.infer<typeof projectStepSchema>;

export const projectDetailSchema = projectSchema.extend({
  /** Markdown. */
  brief: z.string(),
  steps: z.array(projectStepSchema),
  starter: z.array(projectFileSchema),
  /** The caller's saved files (null: never saved, start from the starter files). */
  files: z.array(projectFileSchema).nullable(),
  /** Whether the caller may work on every step (false: premium past the free preview without access). */
  has_access: z.boolean(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

// ---------------------------------------------------------------- checking a step

export const stepKeySchema = z
  .string({ error: "Name the step." })
  .regex(/^[a-z0-9-]{1,60}$/, "Name the step by its key, e.g. structure.");

/** POST projects/:id/check: the files to save and judge, and the step to judge them for. */
export const checkStepInputSchema = z.object({ step: stepKeySchema, files: projectFilesSchema });

export const checkAttemptSchema = z.object({
  /** Signed by the server for this user, project, step and files; sent back with the preview's report. */
  token: z.string(),
  expires_at: isoDateTime,
});

export const checkStepResultSchema = z.object({
  step: z.string(),
  /** Every check of the step: the static ones judged by the server, script ones `passed: false` until reported. */
  results: z.array(checkResultSchema),
  /** The step's pass is recorded. */
  passed: z.boolean(),
  /** Present when the static checks pass and script checks remain: run them in the preview, then report. */
  attempt: checkAttemptSchema.nullable(),
});
export type CheckStepResult = z.infer<typeof checkStepResultSchema>;

/** POST projects/:id/report: the preview's results of the step's script checks, with the attempt's token. */
export const reportStepInputSchema = z.object({
  step: stepKeySchema,
  token: z.string().min(1, "Send the attempt's token.").max(400, "That token is not one of ours."),
  results: z
    .array(
      z.object({
        id: z.string().max(60),
        passed: z.boolean(),
        message: z.string().max(500).default(""),
      }),
    )
    .max(50, "Too many results."),
});

export const projectCompleteResultSchema = z.object({
  projectId: id,
  /** 0 when the project was already completed. */
  xpAwarded: z.number().int(),
  alreadyCompleted: z.boolean(),
  streak: z.object({
    count: z.number().int(),
    extended: z.boolean(),
    status: z.enum(STREAK_STATUSES),
  }),
});
export type ProjectCompleteResult = z.infer<typeof projectCompleteResultSchema>;

/** The message sent by the check runner inside the preview (PreviewFrame's onMessage). */
export const CHECK_MESSAGE_SOURCE = "neonlab-check";

/** PUT projects/:id/files. */
export const savedFilesSchema = z.object({ hash: z.string(), updated_at: isoDateTime });

/** GET users/completed-projects (spec §7 completed_projects by user_id). */
export const completedProjectSchema = z.object({
  id,
  user_id: z.string(),
  project_id: id,
  created_at: isoDateTime,
});
