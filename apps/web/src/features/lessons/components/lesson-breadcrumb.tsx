import { Link } from "react-router";
import classes from "./lesson.module.css";

type LessonBreadcrumbProps = {
  course: { slug: string; title: string };
  chapter: { chapter_order: number; title: string };
};

/** Courses / the course / the chapter: where a lesson sits (on its page, locked or not). */
export function LessonBreadcrumb({ course, chapter }: LessonBreadcrumbProps) {
  return (
    <nav aria-label="Breadcrumb" className={classes.breadcrumb}>
      <Link to="/courses">Courses</Link>
      <span aria-hidden="true">/</span>
      <Link to={`/courses/${course.slug}`}>{course.title}</Link>
      <span aria-hidden="true">/</span>
      <span>{`Chapter ${chapter.chapter_order}: ${chapter.title}`}</span>
    </nav>
  );
}
