// The route table (spec §2), plain data: each route's path, layout, guard and title. The navigation (which
// pages exist) and the build (vite-plugins/route-files.ts) read it as it is; the app's router adds each
// route's page (app/routes.ts).

/** Who may open a route (app/guards.tsx enforces it). */
export type GuardName = "public" | "guest" | "private" | "has-access" | "admin" | "admin-only";
/** The frame a route's page sits in (app/layouts/layouts.tsx). */
export type LayoutName = "basic" | "blog" | "default" | "hack" | "home" | "lesson";

/** The designed "not yet available" panel, shown in place of the page of a capability still to come. */
export type Placeholder = { feature: string; path: string; description: string };

export type RouteSpec = {
  path: string;
  layout: LayoutName;
  guard: GuardName;
  /** Document title (before " · NeonLab"). */
  title: string;
  /** Set while the route's page is still to come: the route shows this panel and navigation leaves it out. */
  placeholder?: Placeholder;
};

/** What each matched route carries for the shell (the document title). */
export type RouteHandle = { title: string };

const TABLE = [
  // home layout
  {
    path: "/",
    layout: "home",
    guard: "public",
    title: "Learn by hacking",
  },
  {
    path: "/features",
    layout: "home",
    guard: "public",
    title: "Features",
  },
  {
    path: "/terms",
    layout: "home",
    guard: "public",
    title: "Terms of use",
  },
  {
    path: "/tutorials",
    layout: "home",
    guard: "public",
    title: "Tutorials",
  },

  // public pages, default layout
  {
    path: "/about",
    layout: "default",
    guard: "public",
    title: "About",
  },
  {
    path: "/contact",
    layout: "default",
    guard: "public",
    title: "Contact",
  },
  {
    path: "/help",
    layout: "default",
    guard: "public",
    title: "Help",
  },
  {
    path: "/policy",
    layout: "default",
    guard: "public",
    title: "Privacy policy",
  },
  {
    path: "/pricing",
    layout: "default",
    guard: "public",
    title: "Pricing",
  },

  // accounts
  {
    path: "/login",
    layout: "default",
    guard: "guest",
    title: "Log in",
  },
  {
    path: "/register",
    layout: "default",
    guard: "guest",
    title: "Sign up",
  },
  {
    path: "/forgot",
    layout: "default",
    guard: "guest",
    title: "Forgot password",
  },
  {
    path: "/reset-password",
    layout: "default",
    guard: "public",
    title: "Reset password",
  },
  {
    path: "/redirect",
    layout: "default",
    guard: "public",
    title: "Signing in",
  },
  {
    path: "/settings",
    layout: "default",
    guard: "private",
    title: "Settings",
  },
  // Beyond spec §2: the whole list of the header's notifications (docs/product-rules-notes.md).
  {
    path: "/notifications",
    layout: "default",
    guard: "private",
    title: "Notifications",
  },

  // learning
  {
    path: "/courses",
    layout: "default",
    guard: "public",
    title: "Courses",
  },
  {
    path: "/courses/:slug",
    layout: "default",
    guard: "public",
    title: "Course",
  },
  {
    path: "/courses/:slug/:lessonSlug",
    layout: "lesson",
    guard: "private",
    title: "Lesson",
  },
  // Beyond spec §2: classrooms and the daily review of missed quizzes (docs/product-rules-notes.md).
  {
    path: "/classrooms",
    layout: "default",
    guard: "private",
    title: "Classrooms",
  },
  {
    path: "/classrooms/join/:code",
    layout: "default",
    guard: "private",
    title: "Join a classroom",
  },
  {
    path: "/classrooms/:id",
    layout: "default",
    guard: "private",
    title: "Classroom",
  },
  {
    path: "/review",
    layout: "default",
    guard: "private",
    title: "Daily review",
  },
  {
    path: "/rank",
    layout: "default",
    guard: "public",
    title: "Rank",
  },
  {
    path: "/profile/:username",
    layout: "default",
    guard: "public",
    title: "Profile",
  },
  {
    path: "/connections/:username",
    layout: "default",
    guard: "public",
    title: "Connections",
  },

  // blogs, projects and hacks
  {
    path: "/blogs",
    layout: "default",
    guard: "public",
    title: "Blogs",
  },
  {
    path: "/blogs/my-blogs",
    layout: "default",
    guard: "private",
    title: "My blogs",
  },
  {
    path: "/blogs/categories/:categorySlug",
    layout: "default",
    guard: "public",
    title: "Blog category",
  },
  {
    path: "/blogs/:slug",
    layout: "basic",
    guard: "public",
    title: "Blog",
  },
  {
    path: "/blogs/:blogId/edit",
    layout: "blog",
    guard: "has-access",
    title: "Edit blog",
  },
  {
    path: "/projects",
    layout: "default",
    guard: "public",
    title: "Projects",
  },
  {
    path: "/projects/categories/:categorySlug",
    layout: "default",
    guard: "public",
    title: "Project category",
  },
  {
    path: "/projects/:slug",
    layout: "basic",
    guard: "public",
    title: "Project",
  },
  {
    path: "/hacks",
    layout: "default",
    guard: "private",
    title: "Hacks",
  },
  {
    path: "/hack/:username/:slug",
    layout: "hack",
    guard: "public",
    title: "Hack",
  },
  {
    path: "/hack/:username/view/:slug",
    layout: "hack",
    guard: "public",
    title: "Hack live site",
  },
  {
    path: "/shop",
    layout: "default",
    guard: "private",
    title: "Shop",
  },
  {
    path: "/giveaway",
    layout: "default",
    guard: "private",
    title: "Giveaway",
  },
  {
    path: "/payment/neonbits/success",
    layout: "default",
    guard: "private",
    title: "Payment complete",
  },
  {
    path: "/payment/neonbits/cancel",
    layout: "default",
    guard: "private",
    title: "Payment cancelled",
  },
  {
    path: "/payment/subscription/success",
    layout: "default",
    guard: "private",
    title: "Subscription checkout",
  },
  {
    path: "/payment/subscription/cancel",
    layout: "default",
    guard: "private",
    title: "Checkout cancelled",
  },
  {
    path: "/app/reports",
    layout: "default",
    guard: "admin",
    title: "App reports",
  },
  {
    path: "/admin/money",
    layout: "default",
    guard: "admin-only",
    title: "Giveaways and access",
  },
  {
    path: "/admin/users",
    layout: "default",
    guard: "admin-only",
    title: "Roles",
  },
  {
    path: "/lessons/reports",
    layout: "default",
    guard: "admin",
    title: "Lesson reports",
  },
] as const satisfies readonly RouteSpec[];

/** Every route of spec §2 with its layout and guard (the access rules are in docs/architecture.md). */
export const ROUTES: readonly RouteSpec[] = TABLE;

/** The paths of the routes whose page exists (app/routes.ts names each one's page). */
export type BuiltRoutePath = Exclude<(typeof TABLE)[number], { placeholder: Placeholder }>["path"];

/** `/courses/:slug` → a RegExp source matching that path (without a trailing slash). */
export const pathPattern = (path: string) =>
  `^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\/:[^/]+/g, "/[^/]+")}$`;

const BUILT = ROUTES.map((route) => ({
  pattern: new RegExp(pathPattern(route.path)),
  built: route.placeholder === undefined,
}));

/**
 * Whether `path` opens a page that exists (a route whose page is not the "not yet available" panel):
 * navigation and menus offer only those, so an entry comes back by itself when its capability lands.
 */
export function pageIsBuilt(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return BUILT.find((route) => route.pattern.test(pathname))?.built ?? false;
}
