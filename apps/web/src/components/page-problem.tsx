import { Button, Group } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Link } from "react-router";
import classes from "./catalogue.module.css";

type PageProblemProps = {
  title: string;
  message: string;
  onRetry?: () => void;
  /** Where "back" goes (default: all courses). */
  back?: { to: string; label: string };
};

/** A page or list that could not be loaded, with a retry when one may help. */
export function PageProblem({
  title,
  message,
  onRetry,
  back = { to: "/courses", label: "All courses" },
}: PageProblemProps) {
  return (
    <section className={`nl-panel ${classes.problem}`} role="alert" data-page-problem>
      <IconAlertTriangle size={36} aria-hidden="true" className={classes.problemIcon} />
      <h2 className={classes.problemTitle}>{title}</h2>
      <p>{message}</p>
      <Group gap="sm" justify="center">
        {onRetry && <Button onClick={onRetry}>Try again</Button>}
        <Button component={Link} to={back.to} variant={onRetry ? "default" : "filled"}>
          {back.label}
        </Button>
      </Group>
    </section>
  );
}
