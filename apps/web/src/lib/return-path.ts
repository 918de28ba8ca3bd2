import { readCookie, writeCookie } from "./cookies.ts";

export const RETURN_PATH_COOKIE = "neonlab-return-path";
const RETURN_PATH_MAX_AGE_SECONDS = 30 * 60;

/** Only same-site, absolute paths are accepted (never "//host" or a URL), and never an auth page. */
export function isSafeReturnPath(path: string | null | undefined): path is string {
  if (!path?.startsWith("/") || path.startsWith("//") || path.includes("\\")) return false;
  const pathname = path.split(/[?#]/)[0] ?? "";
  return !["/login", "/register", "/forgot", "/redirect", "/reset-password"].includes(pathname);
}

/** Remembers the page a signed-out visitor asked for, so sign-in can return there. */
export function saveReturnPath(path: string) {
  if (isSafeReturnPath(path)) writeCookie(RETURN_PATH_COOKIE, path, RETURN_PATH_MAX_AGE_SECONDS);
}

/** The saved path (once: the cookie is cleared), or null. Call after a successful sign-in. */
export function consumeReturnPath(): string | null {
  const path = readCookie(RETURN_PATH_COOKIE);
  if (path !== null) writeCookie(RETURN_PATH_COOKIE, "", 0);
  return isSafeReturnPath(path) ? path : null;
}
