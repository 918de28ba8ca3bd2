import { AUTH_ROUTES } from "./authz/auth.ts";
import { BLOG_ROUTES } from "./authz/blogs.ts";
import { CLASSROOM_ROUTES } from "./authz/classrooms.ts";
import { CONNECTION_ROUTES, REFERRAL_ROUTES } from "./authz/connections.ts";
import { HACK_ROUTES } from "./authz/hacks.ts";
import { ACCESS_ROUTES, DATA_EXPORT_ROUTES, PROFILE_ROUTES, USER_ROUTES } from "./authz/identity.ts";
import { LEARNING_ROUTES } from "./authz/learning.ts";
import { NOTIFICATION_ROUTES } from "./authz/notifications.ts";
import { PAYMENT_ROUTES } from "./authz/payments.ts";
import { ADMIN_ROUTES, DEV_ROUTES, PLATFORM_ROUTES, SYSTEM_ROUTES } from "./authz/platform.ts";
import { PROGRESS_ROUTES } from "./authz/progress.ts";
import { PROJECT_ROUTES } from "./authz/projects.ts";
import { REPORT_ROUTES } from "./authz/reports.ts";
import { REVIEW_ROUTES } from "./authz/review.ts";
import { GIVEAWAY_ROUTES, SHOP_ROUTES } from "./authz/shop.ts";
import { TUTOR_ROUTES } from "./authz/tutor.ts";
import { LEDGER_ROUTES } from "./authz/wallet.ts";
import type { RouteEntry } from "./authz/types.ts";

/**
 * The authorization matrix: every route that answers /api requests (under
 * /api, plus the CORS catch-all OPTIONS /*), by METHOD + URL pattern exactly as Fastify registers it,
 * with who may call it and the status each actor gets. Each module's rows are in test/authz/<module>.ts,
 * one list per part of a module made of parts (Better Auth's in auth.ts; CORS and the docs in platform.ts,
 * with the platform module's). authz-matrix.test.ts fails when the app has a route no row lists, or a row lists a route the app no longer has, so every new route must
 * be classified. For every call it also asserts that no other user's rows changed (all user-owned
 * tables, compared before/after) and that the answer holds nothing private of another user.
 */
export const AUTHZ_MATRIX: RouteEntry[] = [
  ...AUTH_ROUTES,
  ...PLATFORM_ROUTES,
  ...DEV_ROUTES,
  ...SYSTEM_ROUTES,
  ...PROFILE_ROUTES,
  ...USER_ROUTES,
  ...LEARNING_ROUTES,
  ...PROGRESS_ROUTES,
  ...REVIEW_ROUTES,
  ...REPORT_ROUTES,
  ...ADMIN_ROUTES,
  ...CONNECTION_ROUTES,
  ...NOTIFICATION_ROUTES,
  ...SHOP_ROUTES,
  ...LEDGER_ROUTES,
  ...GIVEAWAY_ROUTES,
  ...ACCESS_ROUTES,
  ...REFERRAL_ROUTES,
  ...DATA_EXPORT_ROUTES,
  ...PAYMENT_ROUTES,
  ...TUTOR_ROUTES,
  ...BLOG_ROUTES,
  ...HACK_ROUTES,
  ...PROJECT_ROUTES,
  ...CLASSROOM_ROUTES,
];
