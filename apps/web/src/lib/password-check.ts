import type { PasswordOwner } from "@neonlab/shared/password-policy";

type StrengthModule = typeof import("@neonlab/shared/password-strength");

let loading: Promise<StrengthModule> | undefined;

/** The password checker with its zxcvbn dictionaries: a separate chunk, loaded on first use. */
export function loadPasswordCheck(): Promise<StrengthModule> {
  loading ??= import("@neonlab/shared/password-strength").catch((error: unknown) => {
    loading = undefined; // a failed chunk load may be retried
    throw error;
  });
  return loading;
}

/**
 * The rule the new password breaks, or null. Null too when the checker can not be loaded: the server
 * applies the same rule and answers with the same message.
 */
export async function newPasswordProblem(password: string, owner: PasswordOwner): Promise<string | null> {
  try {
    return (await loadPasswordCheck()).checkPassword(password, owner).problem;
  } catch {
    return null;
  }
}
