import { Button, Group } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Link } from "react-router";
import classes from "./lesson.module.css";

type LessonProblemProps = { notFound: boolean; message: string; courseSlug: string; onRetry: () => void };

/** A lesson that could not be loaded: gone (404) or a failure that a retry may fix. */
export function LessonProblem({ notFound, message, courseSlug, onRetry }: LessonProblemProps) {
  return (
    <section className={`nl-panel ${classes.paywall}`} role="alert" data-lesson-error>
      <IconAlertTriangle size={40} aria-hidden="true" className={classes.paywallIcon} />
      <h1 className={classes.paywallTitle}>{notFound ? "Lesson not found" : "The lesson did not load"}</h1>
      <p className={classes.paywallText}>{message}</p>
      <Group gap="sm" justify="center">
        {!notFound && <Button onClick={onRetry}>Try again</Button>}
        <Button component={Link} to={`/courses/${courseSlug}`} variant={notFound ? "filled" : "default"}>
          Back to the course
        </Button>
      </Group>
    </section>
  );
}
