/** The service worker's runtime caches (src/sw.ts), named here for the pages that read or empty them. */
export const OFFLINE_CACHES = {
  lessons: "neonlab-lessons",
  data: "neonlab-data",
  images: "neonlab-images",
} as const;

/** The API reads kept for offline use, by path. */
export const OFFLINE_GET_PATTERNS = {
  lesson: /^\/api\/courses\/[^/]+\/lessons\/[^/]+$/,
  course: /^\/api\/courses\/(?!public$)[^/]+$/,
  profile: /^\/api\/profile$/,
  /** The daily review's due cards: their quizzes without answers (options are ids and texts only). */
  review: /^\/api\/review$/,
  asset: /^\/api\/content-assets\//,
};
