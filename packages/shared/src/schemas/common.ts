import { z } from "zod";

/** The error object every failing API response carries (spec §3). */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  statusMessage: z.string(),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A row id (a 32-bit integer in the database). */
export const entityId = z.number().int();
/** YYYY-MM-DD: a calendar day in the user's time zone. */
export const isoDate = z.string();
/** An ISO 8601 instant. */
export const isoDateTime = z.string();
/** An error answer that also names its cause for the client (e.g. Better Auth's `EMAIL_NOT_VERIFIED`). */
export const codedErrorResponseSchema = errorResponseSchema.extend({ code: z.string() });

export const okResponseSchema = z.object({ ok: z.literal(true) });

/** An answer that is only a sentence for the user (e.g. DELETE /api/users). */
export const messageResponseSchema = z.object({ message: z.string() });

/** GET /api/build: the running build's identifier (the web app compares it with its own). */
export const buildInfoSchema = z.object({ buildId: z.string() });

// Control characters (C0, DEL, C1), and what XML 1.0 can not carry at all (lone surrogate halves, U+FFFE, U+FFFF):
// they break the Atom feed, mails and terminals, and no one types them. Long texts keep tab, line feed and CR.
// With the u flag a surrogate pair is one code point, so only lone halves match \uD800-\uDFFF.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF]/u;

export type TextKind = { multiline?: boolean };

/** Whether text holds a character no text field accepts (tab and line breaks only allowed when `multiline`). */
export const hasControlCharacters = (value: string, { multiline = false }: TextKind = {}) =>
  (multiline ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(value);

/**
 * The one rule of every user-facing text field: `.check(noControlCharacters("The title"))` refuses control
 * characters with "The title must not contain control characters"; `{ multiline: true }` for long texts.
 */
export const noControlCharacters = (label: string, kind: TextKind = {}) =>
  z.refine<string>((value) => !hasControlCharacters(value, kind), {
    error: `${label} must not contain control characters`,
  });

/** A trimmed, bounded, non-empty string without control characters, with readable errors. */
export const text = (label: string, max: number, min = 1, kind: TextKind = {}) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .check(noControlCharacters(label, kind))
    .min(min, min === 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

export const optionalUrl = (label: string) =>
  z
    .union([z.literal(""), z.url({ error: `${label} must be a valid URL`, protocol: /^https?$/ }).max(300)])
    .nullable()
    .optional();
