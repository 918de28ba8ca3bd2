// The route table (spec §2), plain data: the app's router (app/router.tsx, through app/routes.ts), the
// navigation (which pages exist) and the build (vite-plugins/route-files.ts) read it.
import type { GuardName } from "../app/guards.tsx";
import type { LayoutName } from "../app/layouts/layouts.tsx";

/**
 * A route's page: a page module's path under `src/features/` (`auth/pages/login-page.tsx`, exporting
 * `LoginPage`; loaded on demand by app/page-loader.tsx), or the designed "not yet available" panel of a
 * capability still to come. Plain data, so the build reads this table too (vite-plugins/route-files.ts).
 */
export type PageSource = string | { placeholder: { feature: string; path: string; description: string } };

export type RouteSpec = {
  path: string;
  layout: LayoutName;
  guard: GuardName;
  /** Document title (before " · NeonLab"). */
  title: string;
  page: PageSource;
};

/** What each matched route carries for the shell (the document title). */
export type RouteHandle = { title: string };

/** Every route of spec §2 with its layout and guard (the access rules are in docs/architecture.md). */
export const ROUTES: RouteSpec[] = [
  // home layout
  {
    path: "/",
    layout: "home",
    guard: "public",
    title: "Learn by hacking",
    page: "pages/home/home-page.tsx",
  },
  {
    path: "/features",
    layout: "home",
    guard: "public",
    title: "Features",
    page: "pages/features-page.tsx",
  },
  {
    path: "/terms",
    layout: "home",
    guard: "public",
    title: "Terms of use",
    page: "pages/terms-page.tsx",
  },
  {
    path: "/tutorials",
    layout: "home",
    guard: "public",
    title: "Tutorials",
    page: "pages/tutorials-page.tsx",
  },

  // public pages, default layout
  {
    path: "/about",
    layout: "default",
    guard: "public",
    title: "About",
    page: "pages/about-page.tsx",
  },
  {
    path: "/contact",
    layout: "default",
    guard: "public",
    title: "Contact",
    page: "pages/contact-page.tsx",
  },
  {
    path: "/help",
    layout: "default",
    guard: "public",
    title: "Help",
    page: "pages/help-page.tsx",
  },
  {
    path: "/policy",
    layout: "default",
    guard: "public",
    title: "Privacy policy",
    page: "pages/policy-page.tsx",
  },
  {
    path: "/pricing",
    layout: "default",
    guard: "public",
    title: "Pricing",
    page: "pages/pricing-page.tsx",
  },

  // accounts
  {
    path: "/login",
    layout: "default",
    guard: "guest",
    title: "Log in",
    page: "auth/pages/login-page.tsx",
  },
  {
    path: "/register",
    layout: "default",
    guard: "guest",
    title: "Sign up",
    page: "auth/pages/register-page.tsx",
  },
  {
    path: "/forgot",
    layout: "default",
    guard: "guest",
    title: "Forgot password",
    page: "auth/pages/forgot-page.tsx",
  },
  {
    path: "/reset-password",
    layout: "default",
    guard: "public",
    title: "Reset password",
    page: "auth/pages/reset-password-page.tsx",
  },
  {
    path: "/redirect",
    layout: "default",
    guard: "public",
    title: "Signing in",
    page: "auth/pages/redirect-page.tsx",
  },
  {
    path: "/settings",
    layout: "default",
    guard: "private",
    title: "Settings",
    page: "settings/pages/settings-page.tsx",
  },

  // learning
  {
    path: "/courses",
    layout: "default",
    guard: "public",
    title: "Courses",
    page: "courses/pages/courses-page.tsx",
  },
  {
    path: "/courses/:slug",
    layout: "default",
    guard: "public",
    title: "Course",
    page: "courses/pages/course-page.tsx",
  },
  {
    path: "/courses/:slug/:lessonSlug",
    layout: "lesson",
    guard: "private",
    title: "Lesson",
    page: "lessons/pages/lesson-page.tsx",
  },
  {
    path: "/rank",
    layout: "default",
    guard: "public",
    title: "Rank",
    page: "rank/pages/rank-page.tsx",
  },
  {
    path: "/profile/:username",
    layout: "default",
    guard: "public",
    title: "Profile",
    page: "profile/pages/profile-page.tsx",
  },
  {
    path: "/connections/:username",
    layout: "default",
    guard: "public",
    title: "Connections",
    page: "connections/pages/connections-page.tsx",
  },

  // blogs, projects and hacks
  {
    path: "/blogs",
    layout: "default",
    guard: "public",
    title: "Blogs",
    page: "blogs/pages/blogs-page.tsx",
  },
  {
    path: "/blogs/my-blogs",
    layout: "default",
    guard: "private",
    title: "My blogs",
    page: "blogs/pages/my-blogs-page.tsx",
  },
  {
    path: "/blogs/categories/:categorySlug",
    layout: "default",
    guard: "public",
    title: "Blog category",
    page: "blogs/pages/blog-category-page.tsx",
  },
  {
    path: "/blogs/:slug",
    layout: "basic",
    guard: "public",
    title: "Blog",
    page: "blogs/pages/blog-page.tsx",
  },
  {
    path: "/blogs/:blogId/edit",
    layout: "blog",
    guard: "has-access",
    title: "Edit blog",
    page: "blogs/pages/blog-edit-page.tsx",
  },
  {
    path: "/projects",
    layout: "default",
    guard: "public",
    title: "Projects",
    page: "projects/pages/projects-page.tsx",
  },
  {
    path: "/projects/categories/:categorySlug",
    layout: "default",
    guard: "public",
    title: "Project category",
    page: "projects/pages/project-category-page.tsx",
  },
  {
    path: "/projects/:slug",
    layout: "basic",
    guard: "public",
    title: "Project",
    page: "projects/pages/project-page.tsx",
  },
  {
    path: "/hacks",
    layout: "default",
    guard: "private",
    title: "Hacks",
    page: "hacks/pages/hacks-page.tsx",
  },
  {
    path: "/hack/:username/:slug",
    layout: "hack",
    guard: "public",
    title: "Hack",
    page: "hacks/pages/hack-page.tsx",
  },
  {
    path: "/hack/:username/view/:slug",
    layout: "hack",
    guard: "public",
    title: "Hack live site",
    page: "hacks/pages/hack-live-page.tsx",
  },
  {
    path: "/shop",
    layout: "default",
    guard: "private",
    title: "Shop",
    page: "shop/pages/shop-page.tsx",
  },
  {
    path: "/giveaway",
    layout: "default",
    guard: "private",
    title: "Giveaway",
    page: "giveaway/pages/giveaway-page.tsx",
  },
  {
    path: "/payment/neonbits/success",
    layout: "default",
    guard: "private",
    title: "Payment complete",
    page: "payments/pages/neonbits-success-page.tsx",
  },
  {
    path: "/payment/neonbits/cancel",
    layout: "default",
    guard: "private",
    title: "Payment cancelled",
    page: "payments/pages/neonbits-cancel-page.tsx",
  },
  {
    path: "/payment/subscription/success",
    layout: "default",
    guard: "private",
    title: "Subscription checkout",
    page: "payments/pages/subscription-success-page.tsx",
  },
  {
    path: "/payment/subscription/cancel",
    layout: "default",
    guard: "private",
    title: "Checkout cancelled",
    page: "payments/pages/subscription-cancel-page.tsx",
  },
  {
    path: "/app/reports",
    layout: "default",
    guard: "admin",
    title: "App reports",
    page: "reports/pages/app-reports-page.tsx",
  },
  {
    path: "/admin/money",
    layout: "default",
    guard: "admin-only",
    title: "Giveaways and access",
    page: "giveaway/pages/admin-money-page.tsx",
  },
  {
    path: "/admin/users",
    layout: "default",
    guard: "admin-only",
    title: "Roles",
    page: "admin/pages/admin-users-page.tsx",
  },
  {
    path: "/lessons/reports",
    layout: "default",
    guard: "admin",
    title: "Lesson reports",
    page: "reports/pages/lesson-reports-page.tsx",
  },
];

/** `/courses/:slug` → a RegExp source matching that path (without a trailing slash). */
export const pathPattern = (path: string) =>
  `^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\/:[^/]+/g, "/[^/]+")}$`;

const BUILT = ROUTES.map((route) => ({
  pattern: new RegExp(pathPattern(route.path)),
  built: typeof route.page === "string",
}));

/**
 * Whether `path` opens a page that exists (a route whose page is not the "not yet available" panel):
 * navigation and menus offer only those, so an entry comes back by itself when its capability lands.
 */
export function pageIsBuilt(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return BUILT.find((route) => route.pattern.test(pathname))?.built ?? false;
}
