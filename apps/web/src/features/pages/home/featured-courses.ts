import type { Course } from "@neonlab/shared/schemas/learning";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, apiPath } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const FEATURED_COURSES_LIMIT = 6;

/** Public (non-premium) courses, newest first: the home carousel (spec §7). */
export const featuredCoursesQuery = queryOptions({
  queryKey: queryKeys.courses.featured(FEATURED_COURSES_LIMIT),
  queryFn: ({ signal }) =>
    api<Course[]>("courses/public", { query: { limit: FEATURED_COURSES_LIMIT }, signal }).catch(() => [] as Course[]),
  // What the server reads to render the home page with these courses (entry-prerender.tsx).
  meta: { api: apiPath("courses/public", { limit: FEATURED_COURSES_LIMIT }) },
  staleTime: 5 * 60_000,
  retry: false,
});

export const useFeaturedCourses = () => useQuery(featuredCoursesQuery);

/** What NeonLab teaches, shown when no course could be loaded. */
export const LEARNING_TRACKS = [
  {
    key: "web",
    title: "Web Foundations",
    pitch: "HTML, CSS and the browser: build and ship real pages from your first tag to a responsive layout.",
    level: "Beginner",
  },
  {
    key: "js",
    title: "JavaScript Essentials",
    pitch: "Values, functions, the DOM and async code, practised in small programs you run in the lesson.",
    level: "Beginner",
  },
  {
    key: "shell",
    title: "Command Line & Git",
    pitch: "Move around a terminal like you live there, then version everything you write with Git.",
    level: "Intermediate",
  },
  {
    key: "security",
    title: "Web Security Basics",
    pitch: "Think like an attacker: injections, XSS and sessions, and the habits that keep an app safe.",
    level: "Intermediate",
  },
] as const;
