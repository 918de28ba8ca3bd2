// The app's route table: the routes of lib/route-table.ts (path, layout, guard, title: plain data that the
// navigation and the build read too), and here each route's page.
import type { ComponentType } from "react";
import type { BuiltRoutePath } from "../lib/route-table.ts";

export * from "../lib/route-table.ts";

/** A page's component, its code (a chunk of its own) loaded when its route is first opened. */
export type PageImport = () => Promise<ComponentType>;

/**
 * The page of every route whose page exists, by path. The build reads which module each entry imports
 * (vite-plugins/route-files.ts: a route's chunks download with the HTML), so each is a literal `import("…")`.
 */
export const PAGES: Record<BuiltRoutePath, PageImport> = {
  "/": () => import("../features/pages/home/home-page.tsx").then((m) => m.HomePage),
  "/features": () => import("../features/pages/features-page.tsx").then((m) => m.FeaturesPage),
  "/terms": () => import("../features/pages/terms-page.tsx").then((m) => m.TermsPage),
  "/tutorials": () => import("../features/pages/tutorials-page.tsx").then((m) => m.TutorialsPage),
  "/about": () => import("../features/pages/about-page.tsx").then((m) => m.AboutPage),
  "/contact": () => import("../features/pages/contact-page.tsx").then((m) => m.ContactPage),
  "/help": () => import("../features/pages/help-page.tsx").then((m) => m.HelpPage),
  "/policy": () => import("../features/pages/policy-page.tsx").then((m) => m.PolicyPage),
  "/pricing": () => import("../features/pages/pricing-page.tsx").then((m) => m.PricingPage),
  "/login": () => import("../features/auth/pages/login-page.tsx").then((m) => m.LoginPage),
  "/register": () => import("../features/auth/pages/register-page.tsx").then((m) => m.RegisterPage),
  "/forgot": () => import("../features/auth/pages/forgot-page.tsx").then((m) => m.ForgotPage),
  "/reset-password": () => import("../features/auth/pages/reset-password-page.tsx").then((m) => m.ResetPasswordPage),
  "/redirect": () => import("../features/auth/pages/redirect-page.tsx").then((m) => m.RedirectPage),
  "/settings": () => import("../features/settings/pages/settings-page.tsx").then((m) => m.SettingsPage),
  "/notifications": () =>
    import("../features/notifications/pages/notifications-page.tsx").then((m) => m.NotificationsPage),
  "/courses": () => import("../features/courses/pages/courses-page.tsx").then((m) => m.CoursesPage),
  "/courses/:slug": () => import("../features/courses/pages/course-page.tsx").then((m) => m.CoursePage),
  "/courses/:slug/:lessonSlug": () => import("../features/lessons/pages/lesson-page.tsx").then((m) => m.LessonPage),
  "/review": () => import("../features/review/pages/review-page.tsx").then((m) => m.ReviewPage),
  "/classrooms": () => import("../features/classrooms/pages/pages.ts").then((m) => m.ClassroomsPage),
  "/classrooms/join/:code": () => import("../features/classrooms/pages/pages.ts").then((m) => m.JoinClassroomPage),
  "/classrooms/:id": () => import("../features/classrooms/pages/pages.ts").then((m) => m.ClassroomPage),
  "/rank": () => import("../features/rank/pages/rank-page.tsx").then((m) => m.RankPage),
  "/profile/:username": () => import("../features/profile/pages/profile-page.tsx").then((m) => m.ProfilePage),
  "/connections/:username": () =>
    import("../features/connections/pages/connections-page.tsx").then((m) => m.ConnectionsPage),
  "/blogs": () => import("../features/blogs/pages/blogs-page.tsx").then((m) => m.BlogsPage),
  "/blogs/my-blogs": () => import("../features/blogs/pages/my-blogs-page.tsx").then((m) => m.MyBlogsPage),
  "/blogs/categories/:categorySlug": () =>
    import("../features/blogs/pages/blog-category-page.tsx").then((m) => m.BlogCategoryPage),
  "/blogs/:slug": () => import("../features/blogs/pages/blog-page.tsx").then((m) => m.BlogPage),
  "/blogs/:blogId/edit": () => import("../features/blogs/pages/blog-edit-page.tsx").then((m) => m.BlogEditPage),
  "/projects": () => import("../features/projects/pages/projects-page.tsx").then((m) => m.ProjectsPage),
  "/projects/categories/:categorySlug": () =>
    import("../features/projects/pages/project-category-page.tsx").then((m) => m.ProjectCategoryPage),
  "/projects/:slug": () => import("../features/projects/pages/project-page.tsx").then((m) => m.ProjectPage),
  "/hacks": () => import("../features/hacks/pages/hacks-page.tsx").then((m) => m.HacksPage),
  "/hack/:username/:slug": () => import("../features/hacks/pages/hack-page.tsx").then((m) => m.HackPage),
  "/hack/:username/view/:slug": () => import("../features/hacks/pages/hack-live-page.tsx").then((m) => m.HackLivePage),
  "/shop": () => import("../features/shop/pages/shop-page.tsx").then((m) => m.ShopPage),
  "/giveaway": () => import("../features/giveaway/pages/giveaway-page.tsx").then((m) => m.GiveawayPage),
  "/payment/neonbits/success": () =>
    import("../features/payments/pages/neonbits-success-page.tsx").then((m) => m.NeonbitsSuccessPage),
  "/payment/neonbits/cancel": () =>
    import("../features/payments/pages/neonbits-cancel-page.tsx").then((m) => m.NeonbitsCancelPage),
  "/payment/subscription/success": () =>
    import("../features/payments/pages/subscription-success-page.tsx").then((m) => m.SubscriptionSuccessPage),
  "/payment/subscription/cancel": () =>
    import("../features/payments/pages/subscription-cancel-page.tsx").then((m) => m.SubscriptionCancelPage),
  "/app/reports": () => import("../features/reports/pages/app-reports-page.tsx").then((m) => m.AppReportsPage),
  "/admin/money": () => import("../features/giveaway/pages/admin-money-page.tsx").then((m) => m.AdminMoneyPage),
  "/admin/users": () => import("../features/admin/pages/admin-users-page.tsx").then((m) => m.AdminUsersPage),
  "/lessons/reports": () =>
    import("../features/reports/pages/lesson-reports-page.tsx").then((m) => m.LessonReportsPage),
};
