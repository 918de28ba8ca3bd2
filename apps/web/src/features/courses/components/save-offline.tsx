import { Button, Group, Progress, Text } from "@mantine/core";
import type { CourseDetail } from "@neonlab/shared/schemas/learning";
import { IconCloudDownload, IconCloudOff, IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useOnline } from "../../../lib/offline/online-status.ts";
import { estimatedBytes, fetchLessonsForOffline, openLessons } from "../../../lib/offline/save-course.ts";
import {
  formatBytes,
  keptBytes,
  onSavedCoursesChange,
  readSavedCourses,
  rememberSavedCourse,
  removeSavedCourse,
  type SavedCourse,
} from "../../../lib/offline/saved-courses.ts";
import { toast } from "../../../lib/toasts.ts";

/** Whether a service worker (what keeps saved lessons) controls the page, kept current; never in development. */
function useControlled(): boolean {
  const workers = typeof navigator === "undefined" ? undefined : navigator.serviceWorker;
  const [controlled, setControlled] = useState(() => Boolean(workers?.controller));
  useEffect(() => {
    if (!workers) return;
    const update = () => setControlled(Boolean(workers.controller));
    workers.addEventListener("controllerchange", update);
    return () => workers.removeEventListener("controllerchange", update);
  }, [workers]);
  return controlled;
}

/**
 * "Save course for offline": says about how much room the course's lessons take before, shows a progress
 * bar while they are read, and offers to remove them once saved (Settings lists them too).
 */
export function SaveCourseOffline({ course }: { course: CourseDetail }) {
  const online = useOnline();
  const controlled = useControlled();
  const [saved, setSaved] = useState<SavedCourse | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const lessons = openLessons(course);

  useEffect(() => {
    let current = true;
    const load = () =>
      void readSavedCourses().then(
        (list) => {
          if (current) setSaved(list.find((c) => c.slug === course.slug) ?? null);
        },
        () => undefined,
      );
    load();
    const stop = onSavedCoursesChange(load);
    return () => {
      current = false;
      stop();
    };
  }, [course.slug]);

  if (!controlled || lessons.length === 0) return null;

  const save = async () => {
    setProgress({ done: 0, total: lessons.length });
    const read = await fetchLessonsForOffline(
      course.slug,
      lessons.map((l) => l.slug),
      (done) => setProgress({ done, total: lessons.length }),
    );
    const bytes = await keptBytes(course.slug).catch(() => 0);
    await rememberSavedCourse({
      slug: course.slug,
      title: course.title,
      lessons: read,
      bytes,
      savedAt: new Date().toISOString(),
    });
    setProgress(null);
    if (read < lessons.length)
      toast.warning(`${read} of ${lessons.length} lessons were saved. Try again for the rest.`);
    else toast.success(`“${course.title}” is saved for offline use (${formatBytes(bytes)}).`);
  };

  if (progress) {
    return (
      <div data-save-offline="saving">
        <Text size="sm" mb={4}>{`Saving for offline: ${progress.done} of ${progress.total} lessons`}</Text>
        <Progress value={(progress.done / progress.total) * 100} size="md" aria-label="Saving for offline" animated />
      </div>
    );
  }
  if (saved) {
    return (
      <Group gap="sm" data-save-offline="saved">
        <Text size="sm">
          <IconCloudDownload size={15} aria-hidden="true" />{" "}
          {`Saved for offline · ${saved.lessons} lessons · ${formatBytes(saved.bytes)}`}
        </Text>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconTrash size={14} />}
          onClick={() => void removeSavedCourse(course.slug)}
        >
          Remove
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="sm" data-save-offline="idle">
      <Button
        variant="default"
        size="sm"
        disabled={!online}
        leftSection={online ? <IconCloudDownload size={16} /> : <IconCloudOff size={16} />}
        onClick={() => void save()}
      >
        Save course for offline
      </Button>
      <Text size="sm" c="dimmed">
        {`${lessons.length} lessons, about ${formatBytes(estimatedBytes(course))}`}
      </Text>
    </Group>
  );
}
