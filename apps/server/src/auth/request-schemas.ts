import { z } from "zod";
import { REFERRAL_CODE_MAX_LENGTH } from "@neonlab/shared/constants";
import {
  codeSchema,
  displayNameSchema,
  emailSchema,
  passwordSchema,
  profileImageSchema,
} from "@neonlab/shared/schemas/auth";
import type { Limit } from "../lib/rate-limits.ts";

/**
 * What identifies "the account" of a request for the per-account limit: the normalised e-mail of the body,
 * the caller's session, or (where the body names no address, as on /reset-password) the caller's IP.
 */
export type AccountKey = "email" | "session" | "ip";

export type AuthRouteRule = { body?: z.ZodType; perAccount?: Limit; account?: AccountKey };

const url = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(2000, `${label} must be at most 2000 characters`)
    .optional();
const secret = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const code = z.string({ error: "Code is required" }).pipe(codeSchema);
const existingPassword = secret("Password", 128);
const flag = (label: string) => z.boolean({ error: `${label} must be true or false` }).optional();

const fiveMinutes = (max: number): Limit => ({ max, windowSeconds: 300 });

/**
 * The browser's IANA time zone at sign-up, stored as the new account's zone; one the server does not know is
 * ignored (the account keeps UTC), so an odd browser never fails a sign-up.
 */
const timeZone = z
  .string({ error: "timeZone must be text" })
  .max(100, "timeZone must be at most 100 characters")
  .optional();

const quoted = (keys: readonly PropertyKey[]) => keys.map((key) => `"${String(key)}"`).join(", ");

/** A request body with exactly these fields: any other field is refused with a message naming it. */
function body<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown field${issue.keys.length > 1 ? "s" : ""} ${quoted(issue.keys)}. This request accepts only: ${Object.keys(shape).join(", ")}.`
        : "The request body must be a JSON object.",
  });
}

/**
 * Bodies of the Better Auth routes the product uses, checked before Better Auth sees them so bad
 * input answers 400 with a readable message and writes nothing. Unknown fields are refused too: Better Auth
 * would act on some of them (a user's `image`, extra user fields), and limits must not depend on them.
 */
export const AUTH_ROUTE_RULES: Record<string, AuthRouteRule> = {
  "/sign-up/email": {
    body: body({
      email: emailSchema,
      password: passwordSchema,
      name: displayNameSchema,
      image: profileImageSchema.nullable().optional(),
      callbackURL: url("Callback URL"),
      // The invite's code from the sign-up link (/register?referral=…): links the accounts (decision 031).
      referral: z
        .string({ error: "referral must be text" })
        .max(REFERRAL_CODE_MAX_LENGTH, `referral must be at most ${REFERRAL_CODE_MAX_LENGTH} characters`)
        .optional(),
      timeZone,
    }),
    perAccount: fiveMinutes(5),
    account: "email",
  },
  "/sign-in/email": {
    body: body({
      email: emailSchema,
      password: existingPassword,
      rememberMe: flag("Remember me"),
      callbackURL: url("Callback URL"),
    }),
    perAccount: fiveMinutes(10),
    account: "email",
  },
  "/sign-in/email-otp": {
    body: body({ email: emailSchema, otp: code }),
    perAccount: fiveMinutes(10),
    account: "email",
  },
  "/email-otp/verify-email": {
    body: body({ email: emailSchema, otp: code }),
    perAccount: fiveMinutes(10),
    account: "email",
  },
  "/email-otp/send-verification-otp": {
    body: body({
      email: emailSchema,
      type: z.enum(["sign-in", "email-verification"], { error: 'Type must be "sign-in" or "email-verification"' }),
    }),
    // The once-a-minute rule is read from the database (code-throttle.ts); this caps bursts for unknown addresses.
    perAccount: { max: 5, windowSeconds: 600 },
    account: "email",
  },
  "/request-password-reset": {
    body: body({ email: emailSchema, redirectTo: url("Redirect URL") }),
    perAccount: fiveMinutes(3),
    account: "email",
  },
  "/reset-password": {
    body: body({ newPassword: passwordSchema, token: secret("Reset token", 512) }),
    perAccount: fiveMinutes(5),
    account: "ip",
  },
  "/change-password": {
    body: body({
      currentPassword: existingPassword,
      newPassword: passwordSchema,
      revokeOtherSessions: flag("Revoke other sessions"),
    }),
    perAccount: fiveMinutes(5),
    account: "session",
  },
  "/change-email": {
    body: body({ newEmail: emailSchema, callbackURL: url("Callback URL") }),
    perAccount: fiveMinutes(3),
    account: "session",
  },
  "/sign-in/social": {
    body: body({
      provider: secret("Provider", 40),
      callbackURL: url("Callback URL"),
      errorCallbackURL: url("Error callback URL"),
      newUserCallbackURL: url("New user callback URL"),
      disableRedirect: flag("Disable redirect"),
      // Handed to Better Auth as `additionalData`: kept in the OAuth state until the callback makes the account.
      timeZone,
      idToken: z
        .strictObject({
          token: secret("ID token", 8192),
          nonce: z.string({ error: "Nonce must be text" }).max(512).optional(),
          accessToken: z.string({ error: "Access token must be text" }).max(8192).optional(),
        })
        .optional(),
    }),
  },
  "/one-time-token/verify": { body: body({ token: secret("Token", 256) }) },
};

/** The client's OAuth start (Better Auth's older generic-OAuth route), mapped onto /sign-in/social. */
export const oauthStartSchema = body({
  providerId: secret("Provider", 40),
  callbackURL: url("Callback URL"),
  errorCallbackURL: url("Error callback URL"),
  newUserCallbackURL: url("New user callback URL"),
  disableRedirect: flag("Disable redirect"),
  timeZone,
});

/**
 * Better Auth routes the product does not use: profile fields change through PUT /api/profile, accounts
 * are deleted by DELETE /api/users, and passwords are reset by the mailed link, not by an e-mail code.
 */
export const BLOCKED_AUTH_PATHS = new Set([
  "/update-user",
  "/delete-user",
  "/forget-password/email-otp",
  "/email-otp/reset-password",
  "/email-otp/check-verification-otp",
]);

/** "field: message" of the first problem, like the app's error handler. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request is not valid.";
  const where = issue.path.map(String).join(".");
  return where ? `${where}: ${issue.message}` : issue.message;
}
