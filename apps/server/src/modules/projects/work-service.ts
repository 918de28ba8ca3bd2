import { and, eq } from "drizzle-orm";
import type { CheckResult, CheckStepResult, ProjectFile } from "@neonlab/shared/schemas/projects";
import type { Db } from "../../db/client.ts";
import { badRequest, forbidden, notFound } from "../../errors.ts";
import { hashFiles, signAttempt, verifyAttempt } from "./attempt-token.ts";
import { findProject, mayWorkOnAll, PREMIUM_PROJECT_MESSAGE, visibleSteps } from "./catalog-service.ts";
import { projectFiles, projectStepPasses, type StoredCheck } from "./schema.ts";

// A learner's work on a project: saving files, checking a step, taking the preview's report of its script
// checks. The server records a step's pass only after judging every static check itself on the saved files
// and, for script checks, a report carrying a valid token for this attempt (docs/decisions/029).

const SCRIPT_PENDING = "Runs in the preview.";

/** Saves the caller's files of a (visible) project; their hash. */
export async function saveFiles(db: Db, userId: string, projectId: number, files: ProjectFile[]) {
  await findProject(db, userId, projectId);
  return writeFiles(db, userId, projectId, files);
}

async function writeFiles(db: Db, userId: string, projectId: number, files: ProjectFile[]) {
  const hash = hashFiles(files);
  const updatedAt = new Date();
  await db
    .insert(projectFiles)
    .values({ userId, projectId, files, hash, updatedAt })
    .onConflictDoUpdate({ target: [projectFiles.userId, projectFiles.projectId], set: { files, hash, updatedAt } });
  return { hash, updated_at: updatedAt.toISOString() };
}

/** The step by key, with access checked: past a premium project's first step only with has_access. */
async function accessibleStep(db: Db, userId: string, projectId: number, key: string) {
  const row = await findProject(db, userId, projectId);
  const steps = await visibleSteps(db, projectId);
  const index = steps.findIndex((s) => s.key === key);
  if (index < 0) throw notFound("This project has no such step.");
  if (index > 0 && !(await mayWorkOnAll(db, userId, row.project.premium))) throw forbidden(PREMIUM_PROJECT_MESSAGE);
  return steps[index]!;
}

async function judgeAll(files: ProjectFile[], checks: StoredCheck[]) {
  // The HTML and CSS parsers (htmlparser2, css-select, postcss) load with the first check, not with the server.
  const { judgeStatic, parsePage } = await import("./static-checks.ts");
  const page = parsePage(files);
  const results: CheckResult[] = checks.map(
    (check) => judgeStatic(page, check) ?? { id: check.id, passed: false, message: SCRIPT_PENDING },
  );
  const staticPassed = checks.every((c, i) => c.rule.type === "script" || results[i]!.passed);
  const scripts = checks.filter((c) => c.rule.type === "script").length;
  return { results, staticPassed, scripts };
}

async function recordPass(db: Db, userId: string, stepId: number, filesHash: string) {
  await db.insert(projectStepPasses).values({ userId, stepId, filesHash }).onConflictDoNothing();
}

/**
 * Saves the files and judges the step's static checks on them. All static checks passing: with no script
 * checks the pass is recorded; with script checks an attempt is signed for the preview to run them.
 */
export async function checkStep(
  db: Db,
  secret: string,
  userId: string,
  projectId: number,
  input: { step: string; files: ProjectFile[] },
): Promise<CheckStepResult> {
  const step = await accessibleStep(db, userId, projectId, input.step);
  const { hash } = await writeFiles(db, userId, projectId, input.files);
  const { results, staticPassed, scripts } = await judgeAll(input.files, step.checks);
  const passed = staticPassed && scripts === 0;
  if (passed) await recordPass(db, userId, step.id, hash);
  const attempt =
    staticPassed && scripts > 0 ? signAttempt(secret, { userId, projectId, step: step.key, filesHash: hash }) : null;
  return { step: step.key, results, passed, attempt };
}

/**
 * The preview's report of the step's script checks for a signed attempt: taken only when the token fits
 * this user, project, step and the files saved now; the static checks are judged again here.
 */
export async function reportStep(
  db: Db,
  secret: string,
  userId: string,
  projectId: number,
  input: { step: string; token: string; results: { id: string; passed: boolean; message: string }[] },
): Promise<CheckStepResult> {
  const step = await accessibleStep(db, userId, projectId, input.step);
  const [saved] = await db
    .select({ files: projectFiles.files, hash: projectFiles.hash })
    .from(projectFiles)
    .where(and(eq(projectFiles.userId, userId), eq(projectFiles.projectId, projectId)));
  if (!saved) throw badRequest("Check the step first: there are no saved files to report on.");
  const verdict = verifyAttempt(secret, input.token, { userId, projectId, step: step.key, filesHash: saved.hash });
  if (verdict === "expired") throw badRequest("This check attempt has expired. Run the checks again.");
  if (verdict === "invalid")
    throw badRequest("This report does not belong to a check of the files saved now. Run the checks again.");
  const { results, staticPassed } = await judgeAll(saved.files, step.checks);
  const reported = new Map(input.results.map((r) => [r.id, r]));
  const merged = results.map((result, i) => {
    const check = step.checks[i]!;
    if (check.rule.type !== "script") return result;
    const report = reported.get(check.id);
    if (!report) return { id: check.id, passed: false, message: "The preview did not report this check." };
    return { id: check.id, passed: report.passed, message: report.passed ? "" : report.message || "Failed." };
  });
  const passed = staticPassed && merged.every((r) => r.passed);
  if (passed) await recordPass(db, userId, step.id, saved.hash);
  return { step: step.key, results: merged, passed, attempt: null };
}
