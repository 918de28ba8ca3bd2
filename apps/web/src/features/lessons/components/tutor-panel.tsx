import { IconMessageChatbot } from "@tabler/icons-react";
import classes from "./lesson.module.css";

/** The region the lesson's AI tutor chat occupies; the assistant itself is not built yet, and says so. */
export function TutorPanel() {
  return (
    <aside className={`nl-panel ${classes.tutor}`} aria-labelledby="tutor-title" data-tutor-panel>
      <div className={classes.tutorHead}>
        <IconMessageChatbot size={22} aria-hidden="true" />
        <h2 id="tutor-title" className={classes.tutorTitle}>
          AI tutor
        </h2>
      </div>
      <p className={classes.tutorText}>
        The AI tutor is not switched on yet. Meanwhile every quiz explains each of its answers once you pass it, and the
        chapter's key terms are on the course page.
      </p>
      <p className={`nl-terminal ${classes.tutorPrompt}`} aria-hidden="true">
        &gt; tutor.connect()<span className={classes.cursor}>_</span>
      </p>
    </aside>
  );
}
