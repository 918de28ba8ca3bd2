import type { LessonDetail } from "@neonlab/shared/schemas/learning";
import { IconArrowLeft, IconArrowRight } from "@tabler/icons-react";
import { Link } from "react-router";
import classes from "./lesson.module.css";

/** Previous / next lesson of the course. */
export function LessonNav({ lesson }: { lesson: LessonDetail }) {
  const base = `/courses/${lesson.course.slug}`;
  return (
    <nav aria-label="Lesson navigation" className={classes.lessonNav}>
      {lesson.previous ? (
        <Link to={`${base}/${lesson.previous.slug}`} className={classes.navLink} rel="prev">
          <IconArrowLeft size={18} aria-hidden="true" />
          <span>
            <span className={classes.navLabel}>Previous</span>
            <span className={classes.navTitle}>{lesson.previous.title}</span>
          </span>
        </Link>
      ) : (
        <span />
      )}
      {lesson.next ? (
        <Link to={`${base}/${lesson.next.slug}`} className={`${classes.navLink} ${classes.navNext}`} rel="next">
          <span>
            <span className={classes.navLabel}>Next</span>
            <span className={classes.navTitle}>{lesson.next.title}</span>
          </span>
          <IconArrowRight size={18} aria-hidden="true" />
        </Link>
      ) : (
        <Link to={base} className={`${classes.navLink} ${classes.navNext}`}>
          <span>
            <span className={classes.navLabel}>Done</span>
            <span className={classes.navTitle}>Back to the course</span>
          </span>
          <IconArrowRight size={18} aria-hidden="true" />
        </Link>
      )}
    </nav>
  );
}
