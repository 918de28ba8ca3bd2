import { Badge, Group, Progress, Text } from "@mantine/core";
import type { MyAssignment } from "@neonlab/shared/schemas/classrooms";
import type { Course } from "@neonlab/shared/schemas/learning";
import { IconBooks, IconCircleCheck, IconClipboardCheck, IconCrown } from "@tabler/icons-react";
import { Link } from "react-router";
import { InlineMarkdown } from "../../../components/inline-markdown.tsx";
import { progressPercent } from "../lib/course-progress.ts";
import { RatingSummary } from "../../../components/star-rating.tsx";
import { LEVEL_LABELS } from "../../../lib/level-labels.ts";
import { formatDate } from "../../../lib/dates.ts";
import catalogue from "../../../components/catalogue.module.css";
import linked from "../../../components/linked-card.module.css";
import classes from "./courses.module.css";

/** A due day as the reader writes dates (a calendar day of the classroom's zone). */
const formatDueDay = (day: string) => formatDate(`${day}T12:00:00Z`, { timeZone: "UTC" });

/**
 * A course in the catalogue: cover, level, size, the caller's progress and the premium marker.
 * `aboveTheFold`: one of the first cards, whose cover is the page's largest paint: fetched at once and
 * first, not when the browser decides it is near the viewport.
 */
export function CourseCard({
  course,
  aboveTheFold = false,
  assigned = [],
}: {
  course: Course;
  aboveTheFold?: boolean;
  /** What the learner's classrooms assigned of this course (the course, or a chapter of it). */
  assigned?: MyAssignment[];
}) {
  const percent = course.progress ? progressPercent(course.progress) : null;
  return (
    <article
      className={`nl-panel ${catalogue.card} ${linked.linkedCard}`}
      data-course={course.slug}
      data-premium={course.premium}
    >
      <div className={classes.coverWrap}>
        <img
          className={classes.cover}
          src={course.cover}
          alt=""
          loading={aboveTheFold ? "eager" : "lazy"}
          fetchPriority={aboveTheFold ? "high" : "auto"}
          width={1200}
          height={630}
          data-course-cover
        />
        {course.premium && (
          <Badge
            className={`${classes.premiumBadge} ${catalogue.onAccent}`}
            color="magenta"
            leftSection={<IconCrown size={13} />}
          >
            Pro
          </Badge>
        )}
      </div>
      <div className={catalogue.cardBody}>
        <Group gap={6}>
          <Badge variant="outline" color="cyan" size="sm">
            {LEVEL_LABELS[course.level]}
          </Badge>
          {!course.premium && (
            <Badge variant="outline" color="gray" size="sm">
              Free
            </Badge>
          )}
        </Group>
        <h2 className={catalogue.cardTitle}>
          <Link to={`/courses/${course.slug}`} className={linked.cardLink}>
            {course.title}
          </Link>
        </h2>
        <Text className={catalogue.pitch} lineClamp={3}>
          <InlineMarkdown text={course.pitch} />
        </Text>
        <Group gap={6} className={catalogue.meta}>
          <IconBooks size={16} aria-hidden="true" />
          <span>{`${course.chapter_count} chapters · ${course.lesson_count} lessons`}</span>
        </Group>
        <RatingSummary rating={course.rating} />
        {assigned.length > 0 && (
          <div data-assigned>
            {assigned.map((a) => (
              <Group key={`${a.classroom_id}-${a.id}`} gap={6} wrap="nowrap">
                <Badge color="magenta" size="sm" leftSection={<IconClipboardCheck size={13} />}>
                  Assigned
                </Badge>
                <Text size="sm">
                  {`${a.kind === "chapter" ? `${a.title} · ` : ""}${a.due_date ? `due ${formatDueDay(a.due_date)}` : a.classroom_name}`}
                </Text>
              </Group>
            ))}
          </div>
        )}
        {course.progress && percent !== null && (
          <div className={catalogue.cardProgress}>
            <Group justify="space-between" gap="xs" mb={4}>
              <Text size="sm" fw={600}>
                {course.progress.completed ? (
                  <span className={catalogue.done}>
                    <IconCircleCheck size={15} aria-hidden="true" /> Completed
                  </span>
                ) : (
                  `${course.progress.completed_lessons} of ${course.progress.total_lessons} lessons`
                )}
              </Text>
              <Text size="sm" c="dimmed">{`${percent}%`}</Text>
            </Group>
            <Progress value={percent} size="sm" aria-label={`${course.title} progress`} />
          </div>
        )}
      </div>
    </article>
  );
}
