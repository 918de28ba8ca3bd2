import { SESSION_COOKIE } from "@neonlab/shared/constants";

// The session token lives in a cookie (spec §9): path /, SameSite=Lax, readable by JS,
// 400 days, split into chunks of ~3180 characters named name.0, name.1 …
const { name, path, maxAgeSeconds, chunkSize } = SESSION_COOKIE;

function readCookies(): Map<string, string> {
  const map = new Map<string, string>();
  // No document when the public pages are rendered at build time (src/entry-prerender.tsx): signed out.
  if (typeof document === "undefined") return map;
  for (const part of document.cookie.split(";")) {
    const index = part.indexOf("=");
    if (index > 0) map.set(part.slice(0, index).trim(), decodeURIComponent(part.slice(index + 1).trim()));
  }
  return map;
}

function writeCookie(key: string, value: string, maxAge: number) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support.
  document.cookie = `${key}=${encodeURIComponent(value)}; Path=${path}; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

export function readAuthToken(): string | null {
  const cookies = readCookies();
  if (cookies.has(name)) return cookies.get(name) || null;
  const chunks: string[] = [];
  for (let i = 0; cookies.has(`${name}.${i}`); i++) chunks.push(cookies.get(`${name}.${i}`) ?? "");
  return chunks.length ? chunks.join("") : null;
}

export function writeAuthToken(token: string) {
  clearAuthToken();
  if (token.length <= chunkSize) {
    writeCookie(name, token, maxAgeSeconds);
    return;
  }
  for (let i = 0; i * chunkSize < token.length; i++) {
    writeCookie(`${name}.${i}`, token.slice(i * chunkSize, (i + 1) * chunkSize), maxAgeSeconds);
  }
}

export function clearAuthToken() {
  for (const key of readCookies().keys()) {
    if (key === name || key.startsWith(`${name}.`)) writeCookie(key, "", 0);
  }
}
