import { USERNAME_MAX, USERNAME_MIN } from "@neonlab/shared/constants";

/** Lower-case slug of a display name or e-mail local part, padded/cut to the username bounds. */
export function usernameBase(displayName: string | undefined, email: string): string {
  const source = displayName?.trim() || email.split("@")[0] || "hacker";
  let base = source
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, USERNAME_MAX - 6);
  if (base.length < USERNAME_MIN) base = `${base || "hacker"}${"0".repeat(USERNAME_MIN)}`.slice(0, USERNAME_MIN + 3);
  return base;
}

/** Candidate usernames in order: base, base-2, base-3 … then random suffixes. */
export function* usernameCandidates(base: string): Generator<string> {
  yield base;
  for (let n = 2; n <= 20; n++) yield `${base}${n}`;
  for (;;) yield `${base}${Math.floor(1000 + Math.random() * 900000)}`;
}
