import { z } from "zod";
import { ROLES } from "../constants.ts";
import { emailSchema } from "./auth.ts";

/** A background job that failed its last attempt (what an admin may see: no secrets). */
export const failedJobSchema = z.object({
  id: z.string(),
  /** The job's kind, e.g. "send-mail". */
  queue: z.string(),
  /** One line about what the job was for (a mail: its subject with codes masked, and the address). */
  summary: z.string(),
  /** The error of the last attempt. */
  error: z.string(),
  attempts: z.number().int(),
  created_at: z.string(), // ISO 8601 instant
  failed_at: z.string().nullable(), // ISO 8601 instant
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const failedJobsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(200, "limit must be at most 200")
    .default(50),
});

/** POST /api/admin/users/role: an admin sets a user's role (the same rules as `npm run admin -- set-role`). */
export const setUserRoleSchema = z.object({
  email: emailSchema,
  role: z.enum(ROLES, { error: `role must be one of: ${ROLES.join(", ")}` }),
});
export type SetUserRole = z.infer<typeof setUserRoleSchema>;

export const userRoleResultSchema = z.object({
  email: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  previous: z.enum(ROLES),
  message: z.string(),
});
export type UserRoleResult = z.infer<typeof userRoleResultSchema>;
