import { Button, Group } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { Link } from "react-router";
import classes from "./lesson.module.css";

/** Shown instead of a premium lesson's content when the learner can not open it (403), under its title. */
export function PaywallPanel({ message, courseSlug }: { message: string; courseSlug: string }) {
  return (
    <section className={`nl-panel ${classes.paywall}`} aria-labelledby="paywall-title" data-paywall>
      <IconLock size={40} aria-hidden="true" className={classes.paywallIcon} />
      <h2 id="paywall-title" className={classes.paywallTitle}>
        This lesson is locked
      </h2>
      <p className={classes.paywallText}>{message}</p>
      <Group gap="sm" justify="center">
        <Button component={Link} to="/pricing">
          See plans
        </Button>
        <Button component={Link} to={`/courses/${courseSlug}`} variant="default">
          Back to the course
        </Button>
      </Group>
    </section>
  );
}
