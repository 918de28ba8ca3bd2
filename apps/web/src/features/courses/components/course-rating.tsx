import { Group, Rating, Text, VisuallyHidden } from "@mantine/core";
import type { CourseDetail } from "@neonlab/shared/schemas/learning";
import type { StarRating } from "@neonlab/shared/schemas/votes";
import { IconStarFilled } from "@tabler/icons-react";
import { useId } from "react";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { useRateCourse } from "../api/rate-course.ts";
import classes from "./courses.module.css";

const ratingsLabel = (count: number) => `${count} ${count === 1 ? "rating" : "ratings"}`;

/** A course's average stars and how many rated it, as text a screen reader reads whole. */
export function RatingSummary({ rating }: { rating: StarRating }) {
  if (rating.average === null) {
    return (
      <Text className={classes.rating} data-rating="none">
        No ratings yet
      </Text>
    );
  }
  return (
    <Group gap={4} className={classes.rating} data-rating={rating.average}>
      <IconStarFilled size={15} aria-hidden="true" className={classes.ratingStar} />
      <span>
        <strong>{rating.average.toFixed(1)}</strong>
        <VisuallyHidden> out of 5</VisuallyHidden>
        {` · ${ratingsLabel(rating.count)}`}
      </span>
    </Group>
  );
}

/** The learner's own stars on the course page: changeable once they have completed one of its lessons. */
export function RateCourse({ course }: { course: CourseDetail }) {
  const rate = useRateCourse(course);
  const started = (course.progress?.completed_lessons ?? 0) > 0;
  if (!started) {
    return (
      <Text size="sm" c="dimmed" data-rate-course="locked">
        Complete a lesson to rate this course.
      </Text>
    );
  }
  return (
    <RateStars
      noun="course"
      mine={course.rating.mine}
      rate={(stars, done) => rate.mutate(stars, done)}
      marker={{ "data-rate-course": course.rating.mine ?? "unrated" }}
    />
  );
}

type RateDone = { onSuccess: () => void; onError: (error: unknown) => void };

/** The caller's own stars on an item (a course, a project): changeable, with a toast either way. */
export function RateStars({
  noun,
  mine,
  rate,
  marker,
}: {
  noun: string;
  mine: number | null;
  rate: (stars: number, done: RateDone) => void;
  /** A data attribute for tests and styles, e.g. data-rate-course. */
  marker: Record<string, string | number>;
}) {
  const labelId = useId();
  return (
    <Group gap="xs" {...marker}>
      <Text size="sm" fw={600} id={labelId}>
        {mine ? "Your rating" : `Rate this ${noun}`}
      </Text>
      <Rating
        value={mine ?? 0}
        role="radiogroup"
        aria-labelledby={labelId}
        getSymbolLabel={(stars) => `${stars} ${stars === 1 ? "star" : "stars"}`}
        onChange={(stars) =>
          rate(stars, {
            onSuccess: () => toast.success(`You rated this ${noun} ${stars} ${stars === 1 ? "star" : "stars"}.`),
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      />
    </Group>
  );
}
