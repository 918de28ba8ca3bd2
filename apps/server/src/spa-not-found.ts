import type { FastifyInstance } from "fastify";

/**
 * A page path whose route exists but whose named thing may not: the API GET that says whether it
 * does (asked through `inject`, so with the same rules and answers a browser would get).
 */
type ExistenceCheck = {
  pattern: RegExp;
  exists(app: FastifyInstance, segments: string[]): Promise<boolean>;
};

/** An API answer that says the thing is not there: 404, or 400/414 for a name no course or learner could have. */
const missing = (status: number) => status === 404 || status === 400 || status === 414;

const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

type CourseAnswer = { slug: string; chapters: { lessons: { slug: string }[] }[] };

/**
 * The course named by a path segment: null when there is none, "unknown" when the API failed otherwise.
 * (`/api/courses/public` answers too, with a list: the slug is compared.)
 */
async function courseAt(app: FastifyInstance, segment: string): Promise<CourseAnswer | null | "unknown"> {
  const res = await app.inject(`/api/courses/${segment}`);
  if (missing(res.statusCode)) return null;
  if (res.statusCode !== 200) return "unknown";
  const course = res.json() as CourseAnswer;
  return !Array.isArray(course) && course.slug === decoded(segment) ? course : null;
}

const CHECKS: ExistenceCheck[] = [
  {
    pattern: /^\/courses\/([^/]+)$/,
    exists: async (app, [slug]) => (await courseAt(app, slug ?? "")) !== null,
  },
  {
    // Lessons are listed by their course, premium ones included: a locked lesson exists (its page
    // shows the paywall), one the course does not list does not.
    pattern: /^\/courses\/([^/]+)\/([^/]+)$/,
    exists: async (app, [slug, lessonSegment]) => {
      const course = await courseAt(app, slug ?? "");
      if (course === null || course === "unknown") return course === "unknown";
      const lessonSlug = decoded(lessonSegment ?? "");
      return course.chapters.some((chapter) => chapter.lessons.some((lesson) => lesson.slug === lessonSlug));
    },
  },
  {
    // A guided project, and a project category with projects in it (the project list answers 404 otherwise).
    pattern: /^\/projects\/categories\/([^/]+)$/,
    exists: async (app, [slug]) => !missing((await app.inject(`/api/projects?category=${slug}`)).statusCode),
  },
  {
    pattern: /^\/projects\/([^/]+)$/,
    exists: async (app, [slug]) => !missing((await app.inject(`/api/projects/${slug}`)).statusCode),
  },
  {
    // A learner's profile or connections (an old username counts: the page redirects to the current one).
    pattern: /^\/(?:profile|connections)\/([^/]+)$/,
    exists: async (app, [username]) => !missing((await app.inject(`/api/profiles/${username}`)).statusCode),
  },
  {
    // A hack's code view (an old username or slug counts: the server redirects to the current one).
    pattern: /^\/hack\/([^/]+)\/([^/]+)$/,
    exists: async (app, [username, slug]) =>
      !missing((await app.inject(`/api/hacks/users/${username}/${slug}`)).statusCode),
  },
  {
    // A hack's live site: only when it has an index.html.
    pattern: /^\/hack\/([^/]+)\/view\/([^/]+)$/,
    exists: async (app, [username, slug]) => {
      const res = await app.inject(`/api/hacks/users/${username}/${slug}`);
      return missing(res.statusCode)
        ? false
        : res.statusCode !== 200 || (res.json() as { live_url: unknown }).live_url !== null;
    },
  },
];

/**
 * Whether `page` (a path without its query string or trailing slash) shows something: it matches one
 * of the app's routes (`routes`, from the web build; without that list every path is taken as a page)
 * and, for the routes that name a course, lesson or learner, that one exists. An API failure other
 * than "not there" counts as existing: the app then shows its own error, never a false 404.
 */
export async function pageExists(app: FastifyInstance, page: string, routes: RegExp[] | null): Promise<boolean> {
  if (routes && !routes.some((route) => route.test(page))) return false;
  for (const check of CHECKS) {
    const match = check.pattern.exec(page);
    if (match) return check.exists(app, match.slice(1));
  }
  return true;
}

/**
 * Pages named by a username (`/profile/:username`, `/connections/:username`, `/hack/:username/…`): when the name is
 * one the user had before (profiles' previous_usernames, kept on every change), the same page under their
 * current name (docs/decisions/031). The API's profile answer is asked (it answers an old name with the current
 * profile: profiles.findUserByUsername, which the hacks module's own lookups use too). Null: nothing moved.
 */
export async function movedUserPage(app: FastifyInstance, page: string): Promise<string | null> {
  const match = /^\/(profile|connections|hack)\/([^/]+)((?:\/[^/]+){0,2})$/.exec(page);
  if (!match) return null;
  const [, kind, segment = "", rest = ""] = match;
  if (kind !== "hack" && rest !== "") return null;
  const asked = decoded(segment);
  if (!asked) return null;
  const res = await app.inject(`/api/profiles/${segment}`);
  if (res.statusCode !== 200) return null;
  const { username } = res.json() as { username?: unknown };
  if (typeof username !== "string" || username === asked.toLowerCase()) return null;
  return `/${kind}/${encodeURIComponent(username)}${rest}`;
}
