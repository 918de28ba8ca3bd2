import { and, eq, ne } from "drizzle-orm";
import { EDITOR_DEFAULTS } from "@neonlab/shared/constants";
import type { OwnProfile, PublicProfile, UpdateProfileInput } from "@neonlab/shared/schemas/profile";
import type { Db } from "../../db/client.ts";
import { conflict, notFound } from "../../errors.ts";
import { users } from "../accounts/schema.ts";
import { type ProfileRow, profiles } from "./schema.ts";
import { usernameBase, usernameCandidates } from "./username.ts";

/** Extra numbers other modules contribute to a profile (streak, NeonBits, access). */
export type ProfileExtras = { streak: number; neonbits: number; hasAccess: boolean };
type ExtrasLoader = (db: Db, row: ProfileRow) => Promise<ProfileExtras>;

let loadExtras: ExtrasLoader = async (_db, row) => ({
  streak: 0,
  neonbits: 0,
  hasAccess: row.role === "admin" || row.accessGranted,
});

/** Lets the learning and billing modules supply streak, NeonBits and access without a cycle. */
export function setProfileExtrasLoader(loader: ExtrasLoader) {
  loadExtras = loader;
}

export async function createProfile(db: Db, user: { id: string; name: string; email: string }) {
  const base = usernameBase(user.name, user.email);
  for (const username of usernameCandidates(base)) {
    const inserted = await db
      .insert(profiles)
      .values({ id: user.id, displayName: user.name, username, editorPreferences: { ...EDITOR_DEFAULTS } })
      .onConflictDoNothing()
      .returning({ id: profiles.id });
    if (inserted.length > 0) return;
    const existing = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, user.id));
    if (existing.length > 0) return;
  }
}

function toPublic(row: ProfileRow, extras: ProfileExtras): PublicProfile {
  return {
    id: row.id,
    display_name: row.displayName,
    username: row.username,
    bio: row.bio,
    skills: row.skills,
    location: row.location,
    work_place: row.workPlace,
    github_link: row.githubLink,
    twitter_link: row.twitterLink,
    linkedin_link: row.linkedinLink,
    youtube_link: row.youtubeLink,
    patreon_link: row.patreonLink,
    buy_me_a_coffe_link: row.buyMeACoffeLink,
    avatar: row.avatar,
    role: row.role,
    xp: row.xp,
    streak: extras.streak,
    created_at: row.createdAt.toISOString(),
  };
}

export async function getPublicProfile(db: Db, username: string): Promise<PublicProfile> {
  const [row] = await db.select().from(profiles).where(eq(profiles.username, username.toLowerCase()));
  if (!row) throw notFound("No user has that username.");
  return toPublic(row, await loadExtras(db, row));
}

export async function getProfileRow(db: Db, userId: string): Promise<ProfileRow> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  if (!row) throw notFound("Profile not found.");
  return row;
}

export async function getOwnProfile(db: Db, userId: string): Promise<OwnProfile> {
  const [found] = await db
    .select({ profile: profiles, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, userId));
  if (!found) throw notFound("Profile not found.");
  const extras = await loadExtras(db, found.profile);
  return {
    ...toPublic(found.profile, extras),
    email: found.email,
    notifications: found.profile.notifications,
    editor_preferences: found.profile.editorPreferences,
    has_access: extras.hasAccess,
    time_zone: found.profile.timeZone,
    neonbits: extras.neonbits,
  };
}

const emptyToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === "" ? null : v);

export async function updateProfile(db: Db, userId: string, input: UpdateProfileInput): Promise<OwnProfile> {
  if (input.username) {
    const taken = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.username, input.username), ne(profiles.id, userId)));
    if (taken.length > 0) throw conflict("That username is taken. Try another one.");
  }
  const values = {
    displayName: input.display_name,
    username: input.username,
    bio: emptyToNull(input.bio),
    skills: input.skills,
    location: emptyToNull(input.location),
    workPlace: emptyToNull(input.work_place),
    githubLink: emptyToNull(input.github_link),
    twitterLink: emptyToNull(input.twitter_link),
    linkedinLink: emptyToNull(input.linkedin_link),
    youtubeLink: emptyToNull(input.youtube_link),
    patreonLink: emptyToNull(input.patreon_link),
    buyMeACoffeLink: emptyToNull(input.buy_me_a_coffe_link),
    avatar: input.avatar,
    notifications: input.notifications,
    editorPreferences: input.editor_preferences,
    timeZone: input.time_zone,
  };
  const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length > 0) {
    try {
      await db
        .update(profiles)
        .set({ ...defined, updatedAt: new Date() })
        .where(eq(profiles.id, userId));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict("That username is taken. Try another one.");
      throw error;
    }
    if (input.display_name) await db.update(users).set({ name: input.display_name }).where(eq(users.id, userId));
  }
  return getOwnProfile(db, userId);
}

export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}
