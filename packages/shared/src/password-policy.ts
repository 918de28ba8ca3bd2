/**
 * The password rule (ASVS 5.0 §6.2), shared by the server and the web forms. This module stays light; the
 * common-password check needs the zxcvbn dictionaries and lives in password-strength.ts (the web loads it lazily).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULE =
  "Use 8 to 128 characters. Avoid common passwords, your email address and your name — a few unrelated words work well.";

export const PASSWORD_PROBLEMS = {
  common: "This password is too common or too easy to guess. Choose another one.",
  personal: "The password must not contain your email address, name or username.",
} as const;

/** zxcvbn's score: 0 (guessed in under a thousand tries) to 4 (beyond 10^10 guesses). */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export const PASSWORD_SCORE_LABELS: Record<PasswordScore, string> = {
  0: "Very weak",
  1: "Weak",
  2: "Fair",
  3: "Strong",
  4: "Very strong",
};

/** Who the password is for: the words it must not contain. */
export type PasswordOwner = { email?: string | null; name?: string | null; username?: string | null };

// Shorter pieces ("al", "bo") would refuse too many good passwords.
const MIN_PERSONAL_WORD = 4;

const squash = (value: string) => value.toLowerCase().replace(/\s+/g, "");

/** The owner's e-mail, its local part, name and username, lowercased, without spaces. */
export function personalWords(owner: PasswordOwner): string[] {
  const email = squash(owner.email ?? "");
  const words = [email, email.split("@")[0] ?? "", squash(owner.name ?? ""), squash(owner.username ?? "")];
  return [...new Set(words.filter((word) => word.length >= MIN_PERSONAL_WORD))];
}

/** The personal-information problem of a password, or null. */
export function personalProblem(password: string, owner: PasswordOwner): string | null {
  const squashed = squash(password);
  return personalWords(owner).some((word) => squashed.includes(word)) ? PASSWORD_PROBLEMS.personal : null;
}
