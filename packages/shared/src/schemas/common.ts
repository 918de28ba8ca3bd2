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

/** A trimmed, bounded, non-empty string with a readable error. */
export const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(min, min === 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

export const optionalUrl = (label: string) =>
  z
    .union([z.literal(""), z.url({ error: `${label} must be a valid URL`, protocol: /^https?$/ }).max(300)])
    .nullable()
    .optional();
