import { z } from "zod";
import { AVATARS, CONFIRMATION_CODE_LENGTH } from "../constants.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_PROBLEMS, personalProblem } from "../password-policy.ts";
import { text } from "./common.ts";

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Enter a valid email address"));

export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const displayNameSchema = text("Display name", 60, 2);

export const PROFILE_IMAGE_MAX_LENGTH = 2048;

/** An account image (users.image) the app will show: an https:// address or one of its own avatars. */
export function isAllowedProfileImage(value: string): boolean {
  if (value.length > PROFILE_IMAGE_MAX_LENGTH) return false;
  if (AVATARS.includes(value)) return true;
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" && !url.username && !url.password;
}

export const profileImageSchema = z
  .string({ error: "Image must be text" })
  .max(PROFILE_IMAGE_MAX_LENGTH, `Image must be at most ${PROFILE_IMAGE_MAX_LENGTH} characters`)
  .refine(isAllowedProfileImage, "Image must be an https:// address or one of the offered avatars");

// The common-password check needs zxcvbn (password-strength.ts): the server runs it, the web forms load it lazily.
export const signUpSchema = z
  .object({ email: emailSchema, password: passwordSchema, displayName: displayNameSchema })
  .refine((v) => !personalProblem(v.password, { email: v.email, name: v.displayName }), {
    message: PASSWORD_PROBLEMS.personal,
    path: ["password"],
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({ email: emailSchema, password: z.string().min(1, "Password is required") });

export const codeSchema = z
  .string()
  .regex(new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`), `Enter the ${CONFIRMATION_CODE_LENGTH}-digit code`);

export const resetPasswordSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: "Passwords do not match", path: ["confirm"] });

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Current password is required"),
  newPassword: passwordSchema,
});

export const changeEmailSchema = z.object({ newEmail: emailSchema });

export const contactSchema = z
  .object({
    name: text("Name", 100),
    email: emailSchema,
    subject: text("Subject", 150),
    message: text("Message", 5000, 10, { multiline: true }),
  })
  .strict();
export type ContactInput = z.infer<typeof contactSchema>;

// Better Auth's answers under /api/auth, as far as the web app reads them (other fields pass through).

/** A call that signs in: the bearer token, in the body's `token` or `session.token` (and the set-auth-token header). */
export const authSessionAnswerSchema = z.looseObject({
  token: z.string().nullish(),
  session: z.looseObject({ token: z.string() }).optional(),
});

/** A call that only reports it worked: `{ success: true }` or `{ status: true }`. */
export const authDoneAnswerSchema = z.union([
  z.looseObject({ success: z.literal(true) }),
  z.looseObject({ status: z.literal(true) }),
]);

/** The start of an OAuth sign-in with `disableRedirect`: the provider's authorization address. */
export const oauthStartAnswerSchema = z.looseObject({ url: z.url() });

/** The OAuth sign-in providers the product knows; the server enables each one that has credentials. */
export const OAUTH_PROVIDERS = ["google", "github"] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDERS)[number];

/** GET /api/config: what the browser app needs of the server's configuration. */
export const publicConfigSchema = z.object({
  /** The OAuth providers with credentials on this server, in the order the sign-in page shows them. */
  oauthProviders: z.array(z.enum(OAUTH_PROVIDERS)),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** GET /api/auth/list-accounts (Better Auth): the ways the user signs in; "credential" is a password. */
export const linkedAccountsSchema = z.array(z.looseObject({ providerId: z.string() }));

/**
 * DELETE /api/users: the proof the owner gives (the spec's call had no body; these fields are optional in the
 * schema, and the server asks for the one the account needs): its password, or for an account without one
 * (signed up through Google or GitHub only) its username.
 */
export const deleteAccountSchema = z.strictObject(
  {
    password: z
      .string({ error: "password must be text" })
      .max(128, "password must be at most 128 characters")
      .optional(),
    username: z
      .string({ error: "username must be text" })
      .max(100, "username must be at most 100 characters")
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown field ${issue.keys.map((key) => `"${key}"`).join(", ")}: this request accepts only password and username.`
        : "The request body must be a JSON object.",
  },
);
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const DELETE_ACCOUNT_MESSAGES = {
  passwordRequired: "Enter your password to delete your account.",
  wrongPassword: "That password is not right. Your account was not deleted.",
  usernameRequired: "Type your username to delete your account.",
  wrongUsername: "That is not your username. Your account was not deleted.",
  tooManyTries: (minutes: number) =>
    `Too many tries to delete your account. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
} as const;
