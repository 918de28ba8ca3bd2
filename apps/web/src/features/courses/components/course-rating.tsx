import { Text } from "@mantine/core";
import type { CourseDetail } from "@neonlab/shared/schemas/learning";
import { RateStars } from "../../../components/star-rating.tsx";
import { useRateCourse } from "../api/rate-course.ts";

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
