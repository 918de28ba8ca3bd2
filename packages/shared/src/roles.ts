import type { Role } from "./constants.ts";

// What the roles may do beyond has_access (product rules "Accounts and roles"; docs/product-rules-notes.md).
// No zod here: the web's route guards read it on the first route.

/** Staff: the roles that review blogs and reports (an admin can do everything a moderator can). */
export const STAFF_ROLES: readonly Role[] = ["moderator", "admin"];

export const isStaff = (role: string | null | undefined): boolean => STAFF_ROLES.includes(role as Role);

/**
 * Who may write blogs (product rules "Blogs" as amended in docs/product-rules-notes.md): a user with has_access,
 * or staff (moderators and admins) without buying Pro. The server's checks and the web's "Get Pro to write" gate
 * both ask this.
 */
export const canWriteBlogs = (user: { role: string; hasAccess: boolean }): boolean =>
  user.hasAccess || isStaff(user.role);
