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

/**
 * How long a username someone changed away from stays reserved for them: old links keep naming them, and
 * nobody else may take the name (they may take it back).
 */
export const USERNAME_RESERVED_DAYS = 30;

const RESERVED_MS = USERNAME_RESERVED_DAYS * 86_400_000;

/** Rename history rows changed after this instant are reservations still running. */
export const reservationsSince = (now = new Date()) => new Date(now.getTime() - RESERVED_MS);

export const reservationEnd = (changedAt: Date) => new Date(changedAt.getTime() + RESERVED_MS);

/** The 409 for a name reserved for the account that had it (the minute is rounded up: it is free then). */
export function reservedMessage(until: Date): string {
  const at = new Date(Math.ceil(until.getTime() / 60_000) * 60_000);
  const day = at.toLocaleDateString("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
  const time = at.toLocaleTimeString("en-GB", { timeZone: "UTC", hour: "2-digit", minute: "2-digit" });
  return `That username was recently used by another account. It becomes available on ${day} at ${time} UTC.`;
}
