import { IconMessageChatbot } from "@tabler/icons-react";
import classes from "./lesson.module.css";

/** The region the lesson's AI tutor chat occupies; the assistant itself arrives in a later release. */
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
        Your tutor arrives soon. It will answer questions about this lesson and guide you through the quizzes without
        handing out the answers.
      </p>
      <p className={`nl-terminal ${classes.tutorPrompt}`} aria-hidden="true">
        &gt; tutor.connect()<span className={classes.cursor}>_</span>
      </p>
    </aside>
  );
}
