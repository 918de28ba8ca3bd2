import { del, get, update } from "idb-keyval";
import { OFFLINE_CACHES } from "./cache-names.ts";

/** A course saved for offline use: its lessons are kept by the service worker (src/sw.ts). */
export type SavedCourse = { slug: string; title: string; lessons: number; bytes: number; savedAt: string };

const KEY = "neonlab-saved-courses";

export const readSavedCourses = async (): Promise<SavedCourse[]> => (await get<SavedCourse[]>(KEY)) ?? [];

export async function rememberSavedCourse(course: SavedCourse): Promise<void> {
  await update<SavedCourse[]>(KEY, (list) => [...(list ?? []).filter((c) => c.slug !== course.slug), course]);
  notify();
}

/** The kept copies of a course's lessons and images (their requests), from the service worker's caches. */
async function courseEntries(slug: string) {
  const lessons = await caches.open(OFFLINE_CACHES.lessons);
  const images = await caches.open(OFFLINE_CACHES.images);
  const prefix = `/api/courses/${encodeURIComponent(slug)}/lessons/`;
  const assets = `/api/content-assets/${encodeURIComponent(slug)}/`;
  return {
    lessons: { cache: lessons, keys: (await lessons.keys()).filter((r) => new URL(r.url).pathname.startsWith(prefix)) },
    images: { cache: images, keys: (await images.keys()).filter((r) => new URL(r.url).pathname.startsWith(assets)) },
  };
}

/** Bytes the course's kept lessons and images take on the device. */
export async function keptBytes(slug: string): Promise<number> {
  if (typeof caches === "undefined") return 0;
  const { lessons, images } = await courseEntries(slug);
  let bytes = 0;
  for (const { cache, keys } of [lessons, images]) {
    for (const request of keys) {
      const response = await cache.match(request);
      if (response) bytes += (await response.blob()).size;
    }
  }
  return bytes;
}

/** Removes a saved course: its kept lessons and images, and its row. */
export async function removeSavedCourse(slug: string): Promise<void> {
  if (typeof caches !== "undefined") {
    const { lessons, images } = await courseEntries(slug);
    for (const { cache, keys } of [lessons, images]) await Promise.all(keys.map((request) => cache.delete(request)));
  }
  await update<SavedCourse[]>(KEY, (list) => (list ?? []).filter((c) => c.slug !== slug));
  notify();
}

/** Drops everything kept for the signed-in learner (a sign-out, another account): lessons, profile, saved list. */
export async function forgetKeptData(): Promise<void> {
  await Promise.all([caches.delete(OFFLINE_CACHES.lessons), caches.delete(OFFLINE_CACHES.data), del(KEY)]);
  notify();
}

const listeners = new Set<() => void>();
function notify() {
  for (const listener of listeners) listener();
}
export function onSavedCoursesChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** "1.2 MB", "340 kB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
