import { ZxcvbnFactory, type ZxcvbnResult } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_PROBLEMS,
  type PasswordOwner,
  type PasswordScore,
  personalProblem,
  personalWords,
} from "./password-policy.ts";

export type PasswordCheck = { score: PasswordScore; problem: string | null };

/**
 * zxcvbn's work grows fast with length and l33t substitutions (seconds for 128 characters with the defaults).
 * Judging the first 32 characters with few substitutions keeps a check under ~0.1 s on the server; no common
 * password is that long, and anything that long scores high anyway.
 */
const JUDGED_LENGTH = 32;
const L33T_SUBSTITUTIONS = 10;

// Offline: the dictionaries ship with the packages; no pwned-password lookups.
let factory: ZxcvbnFactory | undefined;
const zxcvbn = () => {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    maxLength: JUDGED_LENGTH,
    l33tMaxSubstitutions: L33T_SUBSTITUTIONS,
  });
  return factory;
};

/** The whole password is a listed common password, maybe reversed, l33t-spelled or capitalised. */
function isCommonPassword(result: ZxcvbnResult): boolean {
  const [only, ...rest] = result.sequence;
  return (
    rest.length === 0 && only !== undefined && "dictionaryName" in only && only.dictionaryName === "passwords-common"
  );
}

/**
 * The zxcvbn score of a password and the first rule it breaks (null when it may be used): 8 to 128
 * characters, not a common password nor trivially guessable (score 0), without the owner's e-mail or names.
 */
export function checkPassword(password: string, owner: PasswordOwner = {}): PasswordCheck {
  const result = zxcvbn().check(password, personalWords(owner));
  const score = result.score as PasswordScore;
  if (password.length < PASSWORD_MIN_LENGTH) {
    return { score, problem: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` };
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return { score, problem: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` };
  }
  const personal = personalProblem(password, owner);
  if (personal) return { score, problem: personal };
  if (score === 0 || isCommonPassword(result)) return { score, problem: PASSWORD_PROBLEMS.common };
  return { score, problem: null };
}
