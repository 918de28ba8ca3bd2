import { ACCESS_ROUTES } from "../modules/access/authz.ts";
import { REFERRAL_ROUTES } from "../modules/referrals/authz.ts";
import { ADMIN_ROUTES } from "../modules/admin/authz.ts";
import { BLOG_ROUTES } from "../modules/blogs/authz.ts";
import { CONNECTION_ROUTES } from "../modules/connections/authz.ts";
import { GIVEAWAY_ROUTES } from "../modules/giveaway/authz.ts";
import { HACK_ROUTES } from "../modules/hacks/authz.ts";
import { DATA_EXPORT_ROUTES } from "../modules/data-export/authz.ts";
import { LEARNING_ROUTES } from "../modules/learning/authz.ts";
import { LEDGER_ROUTES } from "../modules/ledger/authz.ts";
import { PAYMENT_ROUTES } from "../modules/payments/authz.ts";
import { DEV_ROUTES } from "../modules/dev/authz.ts";
import { NOTIFICATION_ROUTES } from "../modules/notifications/authz.ts";
import { PROFILE_ROUTES } from "../modules/profile-view/authz.ts";
import { PROGRESS_ROUTES } from "../modules/progress/authz.ts";
import { PROJECT_ROUTES } from "../modules/projects/authz.ts";
import { REPORT_ROUTES } from "../modules/reports/authz.ts";
import { SHOP_ROUTES } from "../modules/shop/authz.ts";
import { SYSTEM_ROUTES } from "../modules/system/authz.ts";
import { USER_ROUTES } from "../modules/users/authz.ts";
import { TUTOR_ROUTES } from "../modules/tutor/authz.ts";
import { AUTH_ROUTES } from "./authz/auth.ts";
import { PLATFORM_ROUTES } from "./authz/platform.ts";
import type { RouteEntry } from "./authz/types.ts";

/**
 * The authorization matrix (NeonLab issue 5, item 4): every route that answers /api requests (under
 * /api, plus the CORS catch-all OPTIONS /*), by METHOD + URL pattern exactly as Fastify registers it,
 * with who may call it and the status each actor gets. Each module lists its own routes in its
 * authz.ts (Better Auth, CORS and the docs are in test/authz/). authz-matrix.test.ts fails when the
 * app has a route no row lists, or a row lists a route the app no longer has, so every new route must
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
];
