import { Button, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import type { CheckResult, ProjectStep } from "@neonlab/shared/schemas/projects";
import { IconCheck, IconCircleDashed, IconLock, IconPlayerPlay, IconX } from "@tabler/icons-react";
import { useId } from "react";
import { Link } from "react-router";
import { MarkdownContent } from "../../../components/markdown-content.tsx";
import classes from "./projects.module.css";

type StepCardProps = {
  step: ProjectStep;
  open: boolean;
  onToggle: () => void;
  results: CheckResult[] | undefined;
  checking: boolean;
  /** Another step's checks are running. */
  busy: boolean;
  signedIn: boolean;
  onCheck: () => void;
  onSignIn: () => void;
};

function CheckLine({ label, result, checking }: { label: string; result?: CheckResult; checking: boolean }) {
  const state = result ? (result.passed ? "passed" : "failed") : "pending";
  const Icon = state === "passed" ? IconCheck : state === "failed" ? IconX : IconCircleDashed;
  const said =
    state === "passed" ? "Passed" : state === "failed" ? "Failed" : checking ? "Checking" : "Not checked yet";
  return (
    <li className={classes.check} data-state={state}>
      <Icon size={18} className={classes.checkIcon} aria-hidden="true" />
      <span>
        <VisuallyHidden component="span">{`${said}: `}</VisuallyHidden>
        {label}
        {result && !result.passed && result.message && <span className={classes.checkMessage}>{result.message}</span>}
      </span>
    </li>
  );
}

/** One step of a project: its instructions, its checks with pass/fail, and the button that runs them. */
export function StepCard(props: StepCardProps) {
  const { step, open, results, checking } = props;
  const bodyId = useId();
  const byId = new Map((results ?? []).map((r) => [r.id, r]));
  return (
    <li className={classes.step} data-step={step.key} data-passed={step.passed} data-current={open}>
      <UnstyledButton
        className={classes.stepHead}
        onClick={props.onToggle}
        aria-expanded={open}
        aria-controls={open ? bodyId : undefined}
      >
        <span className={classes.stepNumber} aria-hidden="true">
          {step.passed ? <IconCheck size={16} /> : step.locked ? <IconLock size={14} /> : step.order}
        </span>
        <span className={classes.stepTitle}>
          <VisuallyHidden component="span">{`Step ${step.order}: `}</VisuallyHidden>
          {step.title}
          {step.passed && <VisuallyHidden component="span"> (passed)</VisuallyHidden>}
        </span>
      </UnstyledButton>
      {open && (
        <div className={classes.stepBody} id={bodyId}>
          {step.locked ? (
            <Text size="sm">
              This step is part of a Pro project; the brief and the first step are a free preview.{" "}
              <Link to="/pricing">Get Pro</Link> to unlock every step.
            </Text>
          ) : (
            <>
              {step.body && <MarkdownContent markdown={step.body} />}
              <ul className={classes.checks} aria-label={`Checks of step ${step.order}`} aria-live="polite" data-checks>
                {step.checks.map((check) => (
                  <CheckLine key={check.id} label={check.label} result={byId.get(check.id)} checking={checking} />
                ))}
              </ul>
              {props.signedIn ? (
                <Button
                  leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
                  onClick={props.onCheck}
                  loading={checking}
                  disabled={props.busy && !checking}
                  variant={step.passed ? "default" : "filled"}
                >
                  {step.passed ? "Run the checks again" : "Run the checks"}
                </Button>
              ) : (
                <Button variant="default" onClick={props.onSignIn}>
                  Sign in to run the checks
                </Button>
              )}
            </>
          )}
        </div>
      )}
    </li>
  );
}
