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
  const labelId = useId();
  const rate = useRateCourse(course);
  const started = (course.progress?.completed_lessons ?? 0) > 0;
  if (!started) {
    return (
      <Text size="sm" c="dimmed" data-rate-course="locked">
        Complete a lesson to rate this course.
      </Text>
    );
  }
  const mine = course.rating.mine;
  return (
    <Group gap="xs" data-rate-course={mine ?? "unrated"}>
      <Text size="sm" fw={600} id={labelId}>
        {mine ? "Your rating" : "Rate this course"}
      </Text>
      <Rating
        value={mine ?? 0}
        aria-labelledby={labelId}
        getSymbolLabel={(stars) => `${stars} ${stars === 1 ? "star" : "stars"}`}
        onChange={(stars) =>
          rate.mutate(stars, {
            onSuccess: () => toast.success(`You rated this course ${stars} ${stars === 1 ? "star" : "stars"}.`),
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      />
    </Group>
  );
}
