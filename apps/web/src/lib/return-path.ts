import { RETURN_PATH_COOKIE as COOKIE } from "@neonlab/shared/constants";
import { readCookie, writeCookie } from "./cookies.ts";

export const RETURN_PATH_COOKIE = COOKIE.name;

/** Only same-site, absolute paths are accepted (never "//host" or a URL), and never an auth page. */
export function isSafeReturnPath(path: string | null | undefined): path is string {
  if (!path?.startsWith("/") || path.startsWith("//") || path.includes("\\")) return false;
  const pathname = path.split(/[?#]/)[0] ?? "";
  return !["/login", "/register", "/forgot", "/redirect", "/reset-password"].includes(pathname);
}

/** Remembers the page a signed-out visitor asked for, so sign-in can return there. */
export function saveReturnPath(path: string) {
  if (isSafeReturnPath(path)) writeCookie(RETURN_PATH_COOKIE, path, COOKIE.maxAgeSeconds);
}

/** The saved path (once: the cookie is cleared), or null. Call after a successful sign-in. */
export function consumeReturnPath(): string | null {
  const path = readCookie(RETURN_PATH_COOKIE);
  if (path !== null) writeCookie(RETURN_PATH_COOKIE, "", 0);
  return isSafeReturnPath(path) ? path : null;
}
