import { useCallback, useState } from "react";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";

/** What a rejected e-mail code means, in plain words, by Better Auth's error code. */
const CODE_PROBLEMS: Record<string, string> = {
  INVALID_OTP: "That code is not right — check the latest mail, or send a new one",
  OTP_EXPIRED: "That code has expired — send a new one",
  TOO_MANY_ATTEMPTS: "That code had too many wrong tries — send a new one",
};

/** The plain-words message for a rejected code; null for any other failure. */
export function codeProblem(error: unknown): string | null {
  return error instanceof ApiError && error.code ? (CODE_PROBLEMS[error.code] ?? null) : null;
}

/**
 * A code field's value and its problem: a rejected code (`reject`) is said at the field in plain words
 * and its digits stay to be corrected; any other failure is a toast. Typing clears the problem.
 */
export function useCodeField() {
  const [code, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const setCode = useCallback((next: string) => {
    setValue(next);
    setError(null);
  }, []);
  const reject = useCallback((failure: unknown) => {
    const problem = codeProblem(failure);
    if (problem) setError(problem);
    else toast.error(errorMessage(failure));
  }, []);
  return { code, setCode, error, reject };
}
