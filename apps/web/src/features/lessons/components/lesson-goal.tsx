import { IconTarget } from "@tabler/icons-react";
import { InlineMarkdown } from "../../../components/inline-markdown.tsx";
import classes from "./lesson.module.css";

/** "Goal: …" under a lesson's title (on its page, locked or not). */
export function LessonGoal({ goal }: { goal: string }) {
  return (
    <div className={classes.goal}>
      <IconTarget size={20} aria-hidden="true" />
      <p>
        <strong>Goal: </strong>
        <InlineMarkdown text={goal} />
      </p>
    </div>
  );
}
