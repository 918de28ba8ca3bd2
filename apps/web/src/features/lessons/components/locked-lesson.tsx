import { useDocumentTitle } from "@mantine/hooks";
import type { CourseDetail } from "@neonlab/shared/schemas/learning";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { LessonBreadcrumb } from "./lesson-breadcrumb.tsx";
import { LessonGoal } from "./lesson-goal.tsx";
import classes from "./lesson.module.css";
import { PaywallPanel } from "./paywall-panel.tsx";
import { queryKeys } from "../../../lib/query-keys.ts";

/**
 * A premium lesson the learner can not open (403): its title, place and goal from the course's outline
 * (which lists locked lessons too; the same query and cache as the course page's), then the paywall.
 */
export function LockedLesson({
  courseSlug,
  lessonSlug,
  message,
}: {
  courseSlug: string;
  lessonSlug: string;
  message: string;
}) {
  const course = useQuery({
    queryKey: queryKeys.courses.detail(courseSlug),
    queryFn: ({ signal }) => api<CourseDetail>(`courses/${encodeURIComponent(courseSlug)}`, { signal }),
  });
  const chapter = course.data?.chapters.find((candidate) => candidate.lessons.some((l) => l.slug === lessonSlug));
  const lesson = chapter?.lessons.find((candidate) => candidate.slug === lessonSlug);
  useDocumentTitle(lesson ? `${lesson.title} · NeonLab` : "");
  return (
    <article className={classes.article} aria-labelledby="lesson-title" data-locked-lesson={lessonSlug}>
      {course.data && chapter && <LessonBreadcrumb course={course.data} chapter={chapter} />}
      <header className={classes.header}>
        <p className="nl-eyebrow">{lesson ? `Lesson ${lesson.lesson_order} · NeonLab Pro` : "NeonLab Pro"}</p>
        <h1 id="lesson-title" className={classes.title}>
          {lesson?.title ?? "A Pro lesson"}
        </h1>
        {lesson && <LessonGoal goal={lesson.goal} />}
      </header>
      <PaywallPanel message={message} courseSlug={courseSlug} />
    </article>
  );
}
