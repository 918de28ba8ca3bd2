import { Button } from "@mantine/core";
import { IconPlayerPlay } from "@tabler/icons-react";
import { Link } from "react-router";
import type { NextLesson } from "../api/get-next-lesson.ts";
import catalogue from "../../../components/catalogue.module.css";
import classes from "./courses.module.css";

/** Greets a learner who has not completed a lesson yet, with their first lesson one click away. */
export function WelcomeStrip({ name, next }: { name: string; next: NextLesson }) {
  return (
    <section className={`nl-panel ${classes.welcome}`} aria-labelledby="welcome-title" data-welcome-strip>
      <div className={classes.welcomeText}>
        <p className="nl-eyebrow">Welcome to NeonLab</p>
        <h2 id="welcome-title" className={catalogue.noticeTitle}>
          {`Hi ${name}, your first lesson is ready`}
        </h2>
        <p className={classes.welcomeLead}>
          <strong>{next.lessonTitle}</strong>
          {` · ${next.courseTitle}. About ten minutes, free, and your first XP.`}
        </p>
      </div>
      <Button component={Link} to={next.path} size="md" leftSection={<IconPlayerPlay size={18} />}>
        Start the first lesson
      </Button>
    </section>
  );
}
