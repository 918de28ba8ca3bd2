import { Button, Group } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Link } from "react-router";
import classes from "./lesson.module.css";

type LessonProblemProps = { message: string; courseSlug: string; onRetry: () => void };

/** A lesson that could not be loaded: a failure that a retry may fix (a missing lesson gets the not-found page). */
export function LessonProblem({ message, courseSlug, onRetry }: LessonProblemProps) {
  return (
    <section className={`nl-panel ${classes.paywall}`} role="alert" data-lesson-error>
      <IconAlertTriangle size={40} aria-hidden="true" className={classes.paywallIcon} />
      <h1 className={classes.paywallTitle}>The lesson did not load</h1>
      <p className={classes.paywallText}>{message}</p>
      <Group gap="sm" justify="center">
        <Button onClick={onRetry}>Try again</Button>
        <Button component={Link} to={`/courses/${courseSlug}`} variant="default">
          Back to the course
        </Button>
      </Group>
    </section>
  );
}
