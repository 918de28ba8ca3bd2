import { z } from "zod";
import {
  AVATARS,
  EDITOR_FONTS,
  EDITOR_THEMES,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  LINE_HEIGHT_MAX,
  LINE_HEIGHT_MIN,
  ROLES,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from "../constants.ts";
import { noControlCharacters, optionalUrl, text } from "./common.ts";

export const usernameSchema = z
  .string({ error: "Username must be text" })
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(USERNAME_PATTERN, "Username may contain only lower-case letters, digits, - and _");

/** A number field's type error: "is required" when it is empty. */
const numberError = (label: string) => (issue: { input: unknown }) =>
  issue.input === null || issue.input === undefined ? `${label} is required` : `${label} must be a number`;

export const editorPreferencesSchema = z.object({
  theme: z.enum(EDITOR_THEMES, { error: "Choose one of the offered editor themes" }),
  fontFamily: z.enum(EDITOR_FONTS, { error: "Choose one of the offered fonts" }),
  fontSize: z
    .number({ error: numberError("Font size") })
    .int("Font size must be a whole number")
    .min(FONT_SIZE_MIN, `Font size must be at least ${FONT_SIZE_MIN}`)
    .max(FONT_SIZE_MAX, `Font size must be at most ${FONT_SIZE_MAX}`),
  lineHeight: z
    .number({ error: numberError("Line height") })
    .int("Line height must be a whole number")
    .min(LINE_HEIGHT_MIN, `Line height must be at least ${LINE_HEIGHT_MIN}`)
    .max(LINE_HEIGHT_MAX, `Line height must be at most ${LINE_HEIGHT_MAX}`),
});
export type EditorPreferences = z.infer<typeof editorPreferencesSchema>;

export const avatarSchema = z.enum(AVATARS as [string, ...string[]], { error: "Choose one of the offered avatars" });

/** Fields anyone may read about a user. */
export const publicProfileSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  username: z.string(),
  bio: z.string().nullable(),
  skills: z.array(z.string()),
  location: z.string().nullable(),
  work_place: z.string().nullable(),
  github_link: z.string().nullable(),
  twitter_link: z.string().nullable(),
  linkedin_link: z.string().nullable(),
  youtube_link: z.string().nullable(),
  patreon_link: z.string().nullable(),
  buy_me_a_coffe_link: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.enum(ROLES),
  xp: z.number().int(),
  streak: z.number().int(),
  created_at: z.string(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** The signed-in user's own profile: public fields plus private settings. */
export const ownProfileSchema = publicProfileSchema.extend({
  email: z.string(),
  notifications: z.boolean(),
  editor_preferences: editorPreferencesSchema,
  has_access: z.boolean(),
  time_zone: z.string(),
  neonbits: z.number().int(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** Zones already known to be valid (bounded by the IANA list, so it needs no eviction). */
const validTimeZones = new Set<string>(["UTC"]);

/** Whether the runtime knows the IANA zone; building a formatter to check is slow, so once per zone. */
export const isValidTimeZone = (zone: string) => {
  if (validTimeZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    validTimeZones.add(zone);
    return true;
  } catch {
    return false;
  }
};

/**
 * The runtime's own spelling of an IANA zone ("america/los_angeles" → "America/Los_Angeles"), or null when it
 * is not a named zone the runtime knows (or not text at all). A bare offset ("+05:00"), which newer runtimes
 * accept, is not a browser's zone and has no daylight saving: null too.
 */
export function canonicalTimeZone(zone: unknown): string | null {
  if (typeof zone !== "string" || !/^[A-Za-z][\w+\-/]{0,99}$/.test(zone) || !isValidTimeZone(zone)) return null;
  return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
}

/** PUT /api/profile — every field optional; role and has_access are never accepted. */
export const updateProfileSchema = z
  .object({
    display_name: text("Display name", 60),
    username: usernameSchema,
    bio: z
      .string()
      .trim()
      .check(noControlCharacters("Bio", { multiline: true }))
      .max(500, "Bio must be at most 500 characters")
      .nullable(),
    skills: z.array(text("Skill", 40)).max(20, "At most 20 skills"),
    location: z
      .string()
      .trim()
      .check(noControlCharacters("Location"))
      .max(100, "Location must be at most 100 characters")
      .nullable(),
    work_place: z
      .string()
      .trim()
      .check(noControlCharacters("Work place"))
      .max(100, "Work place must be at most 100 characters")
      .nullable(),
    github_link: optionalUrl("GitHub link"),
    twitter_link: optionalUrl("Twitter link"),
    linkedin_link: optionalUrl("LinkedIn link"),
    youtube_link: optionalUrl("YouTube link"),
    patreon_link: optionalUrl("Patreon link"),
    buy_me_a_coffe_link: optionalUrl("Buy me a coffee link"),
    avatar: avatarSchema,
    notifications: z.boolean({ error: "Notifications must be true or false" }),
    editor_preferences: editorPreferencesSchema,
    time_zone: z.string().refine(isValidTimeZone, "Unknown time zone"),
  })
  .partial()
  .strict();
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const updateAvatarSchema = z.object({ avatar: avatarSchema }).strict();
