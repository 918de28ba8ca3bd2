import { z } from "zod";

/** Texts of the personal data export (Settings → Account → "Download my data"); the spec fixes none. */
export const DATA_EXPORT_MESSAGES = {
  requested: "We're preparing your data. We'll email you a download link when it's ready (usually within a minute).",
  tooSoon: (minutes: number) =>
    `You can request your data once an hour. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  invalidLink: "This download link is not valid for your account. Request a new export in Settings → Account.",
  expiredLink: "This download link has expired (links work for 24 hours). Request a new export in Settings → Account.",
} as const;

/** A download link's token: 32 random bytes, base64url. */
const invalidToken = "This download link is not valid. Request a new export in Settings → Account.";
export const exportTokenSchema = z
  .string()
  .length(43, invalidToken)
  .regex(/^[A-Za-z0-9_-]+$/, invalidToken);

/** GET /api/users/data-export: the caller's latest export. */
export const dataExportStatusSchema = z.object({
  status: z.enum(["none", "pending", "ready", "expired"]),
  requestedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

/** POST /api/users/data-export: accepted, prepared in the background and mailed. */
export const dataExportRequestedSchema = z.object({ message: z.string(), status: z.literal("pending") });
