import type { CheckResult, ProjectDetail, ProjectFile, ProjectStep } from "@neonlab/shared/schemas/projects";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../../../lib/api-client.ts";
import { checkStep, projectQuery, reportStep, saveProjectFiles } from "../api/projects.ts";
import { buildCheckRunner, runnerMessage } from "./check-runner.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** After typing stops, how long before the files are saved. */
export const AUTOSAVE_MS = 1200;
/** Longest wait for the preview's report of a step's script checks. */
const RUN_DEADLINE_MS = 30_000;

export type SaveState = "idle" | "saving" | "saved" | "error";
/** A run of a step's script checks in a hidden preview: the runner's id, its script and the attempt's token. */
export type PendingRun = { run: string; step: string; token: string; script: string; files: ProjectFile[] };

/**
 * A learner's work on a project: the files (saved after a pause when signed in), and checking a step — the
 * server judges what it can from the saved files; the rest runs in a hidden sandboxed preview whose report
 * goes back to the server with the attempt's token (docs/decisions/029).
 */
export function useProjectWork(project: ProjectDetail, signedIn: boolean) {
  const client = useQueryClient();
  const [files, setFiles] = useState<ProjectFile[]>(() => project.files ?? project.starter);
  const [save, setSave] = useState<{ state: SaveState; message?: string }>({ state: "idle" });
  const [results, setResults] = useState<Record<string, CheckResult[]>>({});
  const [checking, setChecking] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingRun | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const savedJson = useRef(JSON.stringify(project.files ?? project.starter));

  // Autosave: the files once typing has paused (signed in only; the API keeps them per learner).
  useEffect(() => {
    if (!signedIn) return;
    const json = JSON.stringify(files);
    if (json === savedJson.current) return;
    const timer = setTimeout(() => {
      setSave({ state: "saving" });
      saveProjectFiles(project.id, files).then(
        () => {
          savedJson.current = json;
          setSave({ state: "saved" });
        },
        (error) => setSave({ state: "error", message: errorMessage(error) }),
      );
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [files, signedIn, project.id]);

  const markPassed = useCallback(
    (stepKey: string) =>
      client.setQueryData(projectQuery(project.slug).queryKey, (old) =>
        old
          ? {
              ...old,
              steps: old.steps.map((s) => (s.key === stepKey ? { ...s, passed: true } : s)),
              progress: old.progress && {
                ...old.progress,
                passed_steps: old.steps.filter((s) => s.passed || s.key === stepKey).length,
              },
            }
          : old,
      ),
    [client, project.slug],
  );

  const settle = useCallback(
    (stepKey: string, stepResults: CheckResult[], passed: boolean) => {
      setResults((all) => ({ ...all, [stepKey]: stepResults }));
      if (passed) {
        markPassed(stepKey);
        void client.invalidateQueries({ queryKey: queryKeys.projects.lists(), refetchType: "inactive" });
      }
      setChecking(null);
      setPending(null);
    },
    [client, markPassed],
  );

  /** Checks a step: saves the files, the server judges its static checks, the preview runs the rest. */
  const runChecks = async (step: ProjectStep) => {
    setChecking(step.key);
    setProblem(null);
    try {
      const answer = await checkStep(project.id, step.key, files);
      savedJson.current = JSON.stringify(files);
      setSave({ state: "saved" });
      if (!answer.attempt) return settle(step.key, answer.results, answer.passed);
      setResults((all) => ({ ...all, [step.key]: answer.results }));
      const run = crypto.randomUUID();
      setPending({
        run,
        step: step.key,
        token: answer.attempt.token,
        script: buildCheckRunner(run, step.checks, files),
        files,
      });
    } catch (error) {
      setProblem(errorMessage(error));
      setChecking(null);
    }
  };

  /** The hidden preview's message: its report goes to the server, which records the pass. */
  const onRunnerMessage = async (data: unknown) => {
    const run = pending;
    if (!run) return;
    const message = runnerMessage(data, run.run);
    if (!message) return;
    try {
      const answer = await reportStep(project.id, { step: run.step, token: run.token, results: message.results });
      settle(run.step, answer.results, answer.passed);
    } catch (error) {
      setProblem(errorMessage(error));
      setChecking(null);
      setPending(null);
    }
  };

  // A page that never lets the runner finish (an endless loop, a crash) must not leave the step "checking".
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      setProblem("The checks did not finish in the preview. Look for errors in the console and try again.");
      setChecking(null);
      setPending(null);
    }, RUN_DEADLINE_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  return { files, setFiles, save, results, checking, pending, problem, runChecks, onRunnerMessage };
}
