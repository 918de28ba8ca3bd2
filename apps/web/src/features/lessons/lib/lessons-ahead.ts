import type { CourseDetail } from "@neonlab/shared/schemas/learning";
import { useEffect } from "react";
import { api } from "../../../lib/api-client.ts";
import { fetchLessonsForOffline, openLessons } from "../../../lib/offline/save-course.ts";

/** How many lessons after the open one are fetched ahead for offline reading. */
export const LESSONS_AHEAD = 5;

/** The lessons the learner can open after `lessonSlug` in the course (at most `count`). */
export function lessonsAfter(course: CourseDetail, lessonSlug: string, count = LESSONS_AHEAD): string[] {
  const lessons = course.chapters
    .toSorted((a, b) => a.chapter_order - b.chapter_order)
    .flatMap((chapter) => chapter.lessons.toSorted((a, b) => a.lesson_order - b.lesson_order));
  const at = lessons.findIndex((lesson) => lesson.slug === lessonSlug);
  if (at < 0) return [];
  const open = new Set(openLessons(course).map((lesson) => lesson.slug));
  return lessons
    .slice(at + 1)
    .filter((lesson) => open.has(lesson.slug))
    .slice(0, count)
    .map((lesson) => lesson.slug);
}

/** A service worker controls the page (its reads are kept for offline use); never resolves without one. */
function controlled(): Promise<void> {
  const workers = navigator.serviceWorker;
  if (workers.controller) return Promise.resolve();
  return new Promise((resolve) => workers.addEventListener("controllerchange", () => resolve(), { once: true }));
}

const fetchedAhead = new Set<string>();

/**
 * Once the page is controlled by the service worker: the open lesson again (its first read may have
 * come before the worker), the own profile, the course, and the LESSONS_AHEAD lessons after it, so they
 * open offline. Once per lesson and page load.
 */
export function useLessonsAhead(courseSlug: string, lessonSlug: string, ready: boolean) {
  useEffect(() => {
    if (!ready || typeof navigator === "undefined" || !("serviceWorker" in navigator) || !navigator.onLine) return;
    const key = `${courseSlug}/${lessonSlug}`;
    if (fetchedAhead.has(key)) return;
    const abort = new AbortController();
    void controlled().then(async () => {
      if (abort.signal.aborted || fetchedAhead.has(key)) return;
      fetchedAhead.add(key);
      // The own profile too: without it an offline start would take the learner for signed out.
      void api("profile", { signal: abort.signal }).catch(() => undefined);
      const course = await api<CourseDetail>(`courses/${encodeURIComponent(courseSlug)}`, {
        signal: abort.signal,
      }).catch(() => null);
      const ahead = course ? lessonsAfter(course, lessonSlug) : [];
      await fetchLessonsForOffline(courseSlug, [lessonSlug, ...ahead], undefined, abort.signal);
    });
    return () => abort.abort();
  }, [courseSlug, lessonSlug, ready]);
}
