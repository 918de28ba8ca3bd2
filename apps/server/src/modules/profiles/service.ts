import { and, eq, ne, sql } from "drizzle-orm";
import { EDITOR_DEFAULTS } from "@neonlab/shared/constants";
import type { OwnProfile, PublicProfile, UpdateProfileInput } from "@neonlab/shared/schemas/profile";
import type { Db } from "../../db/client.ts";
import { conflict, notFound } from "../../errors.ts";
import { preparedPerDb } from "../../lib/prepared.ts";
import { users } from "../accounts/schema.ts";
import { hasAccessFromProfile } from "../learning/access.ts";
import { neonbitsBalances, streaks } from "../learning/schema.ts";
import { displayedStreakCount, streakCountColumns } from "../learning/streak-service.ts";
import { type ProfileRow, profiles } from "./schema.ts";
import { usernameBase, usernameCandidates } from "./username.ts";

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

/** The profile columns a public profile shows, and the time zone its streak is counted in. */
const publicColumns = {
  id: profiles.id,
  displayName: profiles.displayName,
  username: profiles.username,
  bio: profiles.bio,
  skills: profiles.skills,
  location: profiles.location,
  workPlace: profiles.workPlace,
  githubLink: profiles.githubLink,
  twitterLink: profiles.twitterLink,
  linkedinLink: profiles.linkedinLink,
  youtubeLink: profiles.youtubeLink,
  patreonLink: profiles.patreonLink,
  buyMeACoffeLink: profiles.buyMeACoffeLink,
  avatar: profiles.avatar,
  role: profiles.role,
  xp: profiles.xp,
  timeZone: profiles.timeZone,
  createdAt: profiles.createdAt,
};
type PublicColumns = Pick<ProfileRow, keyof typeof publicColumns>;

function toPublic(row: PublicColumns, streak: number): PublicProfile {
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
    streak,
    created_at: row.createdAt.toISOString(),
  };
}

// One statement per read (profile with its streak row, and for the owner the e-mail and NeonBits):
// these are the app's most frequent reads, and each extra round trip costs more than the join.
const publicProfileQuery = preparedPerDb((db) =>
  db
    .select({ profile: publicColumns, streak: streakCountColumns })
    .from(profiles)
    .leftJoin(streaks, eq(streaks.userId, profiles.id))
    .where(eq(profiles.username, sql.placeholder("username")))
    .prepare("public_profile_by_username"),
);

const ownProfileQuery = preparedPerDb((db) =>
  db
    .select({
      profile: {
        ...publicColumns,
        notifications: profiles.notifications,
        editorPreferences: profiles.editorPreferences,
        accessGranted: profiles.accessGranted,
      },
      email: users.email,
      streak: streakCountColumns,
      neonbits: neonbitsBalances.balance,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .leftJoin(streaks, eq(streaks.userId, profiles.id))
    .leftJoin(neonbitsBalances, eq(neonbitsBalances.userId, profiles.id))
    .where(eq(profiles.id, sql.placeholder("id")))
    .prepare("own_profile_by_id"),
);

/** The public profile read's SQL (the bench's raw-driver floor runs the same statement). */
export const publicProfileSql = (db: Db) => publicProfileQuery(db).getQuery();

export async function getPublicProfile(db: Db, username: string): Promise<PublicProfile> {
  const [found] = await publicProfileQuery(db).execute({ username: username.toLowerCase() });
  if (!found) throw notFound("No user has that username.");
  return toPublic(found.profile, displayedStreakCount(found.streak, found.profile.timeZone));
}

export async function getProfileRow(db: Db, userId: string): Promise<ProfileRow> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  if (!row) throw notFound("Profile not found.");
  return row;
}

export async function getOwnProfile(db: Db, userId: string): Promise<OwnProfile> {
  const [found] = await ownProfileQuery(db).execute({ id: userId });
  if (!found) throw notFound("Profile not found.");
  const { profile } = found;
  return {
    ...toPublic(profile, displayedStreakCount(found.streak, profile.timeZone)),
    email: found.email,
    notifications: profile.notifications,
    editor_preferences: profile.editorPreferences,
    has_access: hasAccessFromProfile(profile),
    time_zone: profile.timeZone,
    neonbits: found.neonbits ?? 0,
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
