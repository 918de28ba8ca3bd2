import type { ComponentType } from "react";
import type { GuardName } from "./guards.tsx";
import type { LayoutName } from "./layouts/layouts.tsx";

type PageModule = () => Promise<ComponentType>;

export type RouteSpec = {
  path: string;
  layout: LayoutName;
  guard: GuardName;
  /** Document title (before " · NeonLab"). */
  title: string;
  page: PageModule;
};

const placeholder =
  (feature: string, path: string, description: string): PageModule =>
  async () => {
    const { NotAvailablePage } = await import("../features/placeholder/not-available-page.tsx");
    return function Placeholder() {
      return <NotAvailablePage feature={feature} path={path} description={description} />;
    };
  };

/** Every route of spec §2 with its layout and guard (the access rules are in docs/architecture.md). */
export const ROUTES: RouteSpec[] = [
  // home layout
  {
    path: "/",
    layout: "home",
    guard: "public",
    title: "Learn by hacking",
    page: () => import("../features/pages/home/home-page.tsx").then((m) => m.HomePage),
  },
  {
    path: "/features",
    layout: "home",
    guard: "public",
    title: "Features",
    page: () => import("../features/pages/features-page.tsx").then((m) => m.FeaturesPage),
  },
  {
    path: "/terms",
    layout: "home",
    guard: "public",
    title: "Terms of use",
    page: () => import("../features/pages/terms-page.tsx").then((m) => m.TermsPage),
  },
  {
    path: "/tutorials",
    layout: "home",
    guard: "public",
    title: "Tutorials",
    page: () => import("../features/pages/tutorials-page.tsx").then((m) => m.TutorialsPage),
  },

  // public pages, default layout
  {
    path: "/about",
    layout: "default",
    guard: "public",
    title: "About",
    page: () => import("../features/pages/about-page.tsx").then((m) => m.AboutPage),
  },
  {
    path: "/contact",
    layout: "default",
    guard: "public",
    title: "Contact",
    page: () => import("../features/pages/contact-page.tsx").then((m) => m.ContactPage),
  },
  {
    path: "/help",
    layout: "default",
    guard: "public",
    title: "Help",
    page: () => import("../features/pages/help-page.tsx").then((m) => m.HelpPage),
  },
  {
    path: "/policy",
    layout: "default",
    guard: "public",
    title: "Privacy policy",
    page: () => import("../features/pages/policy-page.tsx").then((m) => m.PolicyPage),
  },
  {
    path: "/pricing",
    layout: "default",
    guard: "public",
    title: "Pricing",
    page: () => import("../features/pages/pricing-page.tsx").then((m) => m.PricingPage),
  },

  // accounts
  {
    path: "/login",
    layout: "default",
    guard: "guest",
    title: "Log in",
    page: () => import("../features/auth/pages/login-page.tsx").then((m) => m.LoginPage),
  },
  {
    path: "/register",
    layout: "default",
    guard: "guest",
    title: "Sign up",
    page: () => import("../features/auth/pages/register-page.tsx").then((m) => m.RegisterPage),
  },
  {
    path: "/forgot",
    layout: "default",
    guard: "guest",
    title: "Forgot password",
    page: () => import("../features/auth/pages/forgot-page.tsx").then((m) => m.ForgotPage),
  },
  {
    path: "/reset-password",
    layout: "default",
    guard: "public",
    title: "Reset password",
    page: () => import("../features/auth/pages/reset-password-page.tsx").then((m) => m.ResetPasswordPage),
  },
  {
    path: "/redirect",
    layout: "default",
    guard: "public",
    title: "Signing in",
    page: () => import("../features/auth/pages/redirect-page.tsx").then((m) => m.RedirectPage),
  },
  {
    path: "/settings",
    layout: "default",
    guard: "private",
    title: "Settings",
    page: () => import("../features/settings/pages/settings-page.tsx").then((m) => m.SettingsPage),
  },

  // learning
  {
    path: "/courses",
    layout: "default",
    guard: "public",
    title: "Courses",
    page: () => import("../features/courses/pages/courses-page.tsx").then((m) => m.CoursesPage),
  },
  {
    path: "/courses/:slug",
    layout: "default",
    guard: "public",
    title: "Course",
    page: () => import("../features/courses/pages/course-page.tsx").then((m) => m.CoursePage),
  },
  {
    path: "/courses/:slug/:lessonSlug",
    layout: "lesson",
    guard: "private",
    title: "Lesson",
    page: () => import("../features/lessons/pages/lesson-page.tsx").then((m) => m.LessonPage),
  },
  {
    path: "/rank",
    layout: "default",
    guard: "public",
    title: "Rank",
    page: () => import("../features/rank/pages/rank-page.tsx").then((m) => m.RankPage),
  },
  {
    path: "/profile/:username",
    layout: "default",
    guard: "public",
    title: "Profile",
    page: () => import("../features/profile/pages/profile-page.tsx").then((m) => m.ProfilePage),
  },

  // not built yet: designed placeholders in their layouts
  {
    path: "/blogs",
    layout: "default",
    guard: "public",
    title: "Blogs",
    page: placeholder("Blogs", "/blogs", "Posts from NeonLab authors, reviewed by moderators."),
  },
  {
    path: "/blogs/my-blogs",
    layout: "default",
    guard: "private",
    title: "My blogs",
    page: placeholder("My blogs", "/blogs/my-blogs", "Your drafts, pending and published posts."),
  },
  {
    path: "/blogs/categories/:categorySlug",
    layout: "default",
    guard: "public",
    title: "Blog category",
    page: placeholder("Blog categories", "/blogs/categories", "Posts grouped by topic."),
  },
  {
    path: "/blogs/:slug",
    layout: "basic",
    guard: "public",
    title: "Blog",
    page: placeholder("This blog post", "/blogs/post", "A single published post with votes and views."),
  },
  {
    path: "/blogs/:blogId/edit",
    layout: "blog",
    guard: "has-access",
    title: "Edit blog",
    page: placeholder(
      "The blog editor",
      "/blogs/edit",
      "Write in markdown, add a cover and images, publish for review.",
    ),
  },
  {
    path: "/projects",
    layout: "default",
    guard: "public",
    title: "Projects",
    page: placeholder("Projects", "/projects", "Guided projects: a brief, steps, starter files and XP on completion."),
  },
  {
    path: "/projects/categories/:categorySlug",
    layout: "default",
    guard: "public",
    title: "Project category",
    page: placeholder("Project categories", "/projects/categories", "Guided projects grouped by topic."),
  },
  {
    path: "/projects/:slug",
    layout: "basic",
    guard: "public",
    title: "Project",
    page: placeholder("This project", "/projects/brief", "A guided project brief with its steps."),
  },
  {
    path: "/hacks",
    layout: "default",
    guard: "private",
    title: "Hacks",
    page: placeholder("Hacks", "/hacks", "Your own small web projects, shareable by link."),
  },
  {
    path: "/hack/:username/:slug",
    layout: "hack",
    guard: "public",
    title: "Hack",
    page: placeholder("The hack code view", "/hack/code", "The files of a shared hack."),
  },
  {
    path: "/hack/:username/view/:slug",
    layout: "hack",
    guard: "public",
    title: "Hack live site",
    page: placeholder("The hack live view", "/hack/view", "A shared hack running in a sandbox."),
  },
  {
    path: "/connections/:username",
    layout: "default",
    guard: "private",
    title: "Connections",
    page: placeholder("Connections", "/connections", "Friends on NeonLab: requests, accepted and pending."),
  },
  {
    path: "/shop",
    layout: "default",
    guard: "private",
    title: "Shop",
    page: placeholder("The shop", "/shop", "Spend NeonBits on streak freezes and XP boosts."),
  },
  {
    path: "/giveaway",
    layout: "default",
    guard: "private",
    title: "Giveaway",
    page: placeholder("The giveaway", "/giveaway", "Win NeonBits by inviting friends and learning."),
  },
  {
    path: "/payment/neonbits/success",
    layout: "default",
    guard: "private",
    title: "Payment complete",
    page: placeholder("NeonBits checkout", "/payment/neonbits/success", "The return page after buying NeonBits."),
  },
  {
    path: "/payment/neonbits/cancel",
    layout: "default",
    guard: "private",
    title: "Payment cancelled",
    page: placeholder(
      "NeonBits checkout",
      "/payment/neonbits/cancel",
      "The return page after a cancelled NeonBits purchase.",
    ),
  },
  {
    path: "/payment/subscription/success",
    layout: "default",
    guard: "private",
    title: "Subscription active",
    page: placeholder("Subscription checkout", "/payment/subscription/success", "The return page after subscribing."),
  },
  {
    path: "/payment/subscription/cancel",
    layout: "default",
    guard: "private",
    title: "Subscription cancelled",
    page: placeholder(
      "Subscription checkout",
      "/payment/subscription/cancel",
      "The return page after a cancelled checkout.",
    ),
  },
  {
    path: "/app/reports",
    layout: "default",
    guard: "admin",
    title: "App reports",
    page: placeholder("App reports", "/app/reports", "Reports sent by users, with their status."),
  },
  {
    path: "/lessons/reports",
    layout: "default",
    guard: "admin",
    title: "Lesson reports",
    page: placeholder("Lesson reports", "/lessons/reports", "Problems reported on lessons, with their status."),
  },
];
