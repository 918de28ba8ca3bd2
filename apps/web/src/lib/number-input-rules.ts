/** Rules of the number input (spec §5): clamp, minus sign, arrow keys, Home/End. */
export type NumberBounds = { min?: number; max?: number; step?: number };

/** A minus sign is allowed only when there is no minimum or the minimum is negative. */
export const allowsNegative = ({ min }: NumberBounds) => min === undefined || min < 0;

export function clampNumber(value: number, { min, max }: NumberBounds): number {
  let next = value;
  if (min !== undefined && next < min) next = min;
  if (max !== undefined && next > max) next = max;
  return next;
}

/** Keeps only what may be typed: digits and, when allowed, one leading minus. */
export function sanitizeNumberText(text: string, bounds: NumberBounds): string {
  const negative = allowsNegative(bounds) && text.trimStart().startsWith("-");
  const digits = text.replace(/\D/g, "");
  return negative ? `-${digits}` : digits;
}

/** The number a (sanitised) text stands for, or null while it is empty or a lone minus. */
export function parseNumberText(text: string): number | null {
  if (text === "" || text === "-") return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** The value a key press leads to, or undefined when the key is not a spin key. */
export function numberForKey(key: string, value: number | null, bounds: NumberBounds): number | undefined {
  const step = bounds.step ?? 1;
  const base = value ?? bounds.min ?? 0;
  switch (key) {
    case "ArrowUp":
      return clampNumber(value === null ? base : base + step, bounds);
    case "ArrowDown":
      return clampNumber(value === null ? base : base - step, bounds);
    case "Home":
      return bounds.min;
    case "End":
      return bounds.max;
    default:
      return undefined;
  }
}
