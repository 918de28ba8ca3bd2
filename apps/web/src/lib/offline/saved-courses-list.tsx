import { Button, Group, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import {
  formatBytes,
  onSavedCoursesChange,
  readSavedCourses,
  removeSavedCourse,
  type SavedCourse,
} from "./saved-courses.ts";

/** Settings' list of the courses saved for offline use, each with its size and a remove button. */
export function SavedCoursesList() {
  const [courses, setCourses] = useState<SavedCourse[] | null>(null);
  useEffect(() => {
    let current = true;
    const load = () =>
      void readSavedCourses().then(
        (list) => {
          if (current) setCourses(list);
        },
        () => current && setCourses([]),
      );
    load();
    const stop = onSavedCoursesChange(load);
    return () => {
      current = false;
      stop();
    };
  }, []);
  if (courses === null) return null;
  if (courses.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-saved-courses="none">
        No course is saved on this device. Open a course and choose “Save course for offline” to read its lessons
        without a connection.
      </Text>
    );
  }
  const total = courses.reduce((sum, course) => sum + course.bytes, 0);
  return (
    <Stack gap="xs" data-saved-courses={courses.length}>
      {courses.map((course) => (
        <Group key={course.slug} justify="space-between" gap="sm" wrap="nowrap" data-saved-course={course.slug}>
          <Text size="sm">
            <Link to={`/courses/${course.slug}`}>{course.title}</Link>
            {` · ${course.lessons} lessons · ${formatBytes(course.bytes)}`}
          </Text>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconTrash size={14} />}
            onClick={() => void removeSavedCourse(course.slug)}
            aria-label={`Remove ${course.title} from this device`}
          >
            Remove
          </Button>
        </Group>
      ))}
      <Text size="xs" c="dimmed">{`${formatBytes(total)} on this device in all.`}</Text>
    </Stack>
  );
}
