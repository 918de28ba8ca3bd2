import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { editorPreferencesSchema } from "@neonlab/shared/schemas/profile";
import { exportSection, iso, timestamp } from "../../../export-section.ts";
import { previousUsernames, profiles } from "./schema.ts";

const nullableText = z.string().nullable();

/** The profile as others see it, plus role, XP total and the usernames the user had before. */
export const profileExportSection = exportSection({
  key: "profile",
  title: "Profile",
  schema: z.object({
    displayName: z.string(),
    username: z.string(),
    bio: nullableText,
    skills: z.array(z.string()),
    location: nullableText,
    workPlace: nullableText,
    links: z.record(z.string(), nullableText),
    avatar: nullableText,
    role: z.string(),
    accessGranted: z.boolean(),
    xp: z.number().int(),
    createdAt: timestamp,
    updatedAt: timestamp,
    previousUsernames: z.array(z.object({ username: z.string(), changedAt: timestamp })),
  }),
  async collect(db, userId) {
    const [p] = await db.select().from(profiles).where(eq(profiles.id, userId));
    if (!p) throw new Error("no such profile");
    const previous = await db
      .select({ username: previousUsernames.username, changedAt: previousUsernames.changedAt })
      .from(previousUsernames)
      .where(eq(previousUsernames.userId, userId))
      .orderBy(asc(previousUsernames.changedAt));
    return {
      displayName: p.displayName,
      username: p.username,
      bio: p.bio,
      skills: p.skills,
      location: p.location,
      workPlace: p.workPlace,
      links: {
        github: p.githubLink,
        twitter: p.twitterLink,
        linkedin: p.linkedinLink,
        youtube: p.youtubeLink,
        patreon: p.patreonLink,
        buyMeACoffee: p.buyMeACoffeLink,
      },
      avatar: p.avatar,
      role: p.role,
      accessGranted: p.accessGranted,
      xp: p.xp,
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
      previousUsernames: previous.map((u) => ({ username: u.username, changedAt: iso(u.changedAt) })),
    };
  },
});

/** Settings: mail notifications, editor preferences, time zone. */
export const preferencesExportSection = exportSection({
  key: "preferences",
  title: "Preferences",
  schema: z.object({
    notifications: z.boolean(),
    timeZone: z.string(),
    editor: editorPreferencesSchema,
  }),
  async collect(db, userId) {
    const [p] = await db
      .select({
        notifications: profiles.notifications,
        timeZone: profiles.timeZone,
        editor: profiles.editorPreferences,
      })
      .from(profiles)
      .where(eq(profiles.id, userId));
    if (!p) throw new Error("no such profile");
    return { notifications: p.notifications, timeZone: p.timeZone, editor: p.editor };
  },
});
