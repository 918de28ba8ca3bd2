import { CONFIRMATION_CODE_LENGTH } from "@neonlab/shared/constants";

/** Digits of a typed or pasted code, cut to the code length. */
export function normalizeCode(input: string, length = CONFIRMATION_CODE_LENGTH): string {
  return input.replace(/\D/g, "").slice(0, length);
}

/** The code as shown: a dash after the third digit ("123-456"). */
export function formatCode(code: string): string {
  return code.length > 3 ? `${code.slice(0, 3)}-${code.slice(3)}` : code;
}

/** Submit is possible only with exactly `length` digits. */
export const isCompleteCode = (code: string, length = CONFIRMATION_CODE_LENGTH) =>
  /^\d+$/.test(code) && code.length === length;
