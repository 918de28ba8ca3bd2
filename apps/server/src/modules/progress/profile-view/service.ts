import { eq, sql } from "drizzle-orm";
import type { OwnProfile, PublicProfile } from "@neonlab/shared/schemas/profile";
import type { Db } from "../../../db/client.ts";
import { notFound } from "../../../errors.ts";
import { preparedPerDb } from "../../../lib/prepared.ts";
import { users } from "../../identity/accounts/schema.ts";
import { findUserByUsername, hasAccess, type ProfileRow, profileRows } from "../../identity/service.ts";
import { neonbitsBalanceRows } from "../../wallet/service.ts";
import { displayedStreakCount, streakRows } from "../service.ts";

// The profile as the API shows it: identity's profile fields with the streak and the NeonBits balance.
// Composed in progress, above identity and wallet, so that identity imports no other module.

const profiles = profileRows.table;
const streaks = streakRows.table;
const balances = neonbitsBalanceRows.table;

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
    .select({ profile: publicColumns, streak: streakRows.countColumns })
    .from(profiles)
    .leftJoin(streaks, streakRows.on(profiles.id))
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
        paidAccess: profiles.paidAccess,
        paidAccessUntil: profiles.paidAccessUntil,
      },
      email: users.email,
      streak: streakRows.countColumns,
      neonbits: neonbitsBalanceRows.balance,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .leftJoin(streaks, streakRows.on(profiles.id))
    .leftJoin(balances, neonbitsBalanceRows.on(profiles.id))
    .where(eq(profiles.id, sql.placeholder("id")))
    .prepare("own_profile_by_id"),
);

/** The public profile read's SQL (the bench's raw-driver floor runs the same statement). */
export const publicProfileSql = (db: Db) => publicProfileQuery(db).getQuery();

export async function getPublicProfile(db: Db, username: string): Promise<PublicProfile> {
  let [found] = await publicProfileQuery(db).execute({ username: username.toLowerCase() });
  if (!found) {
    // A username the user had before: the profile under its current name (the page redirects).
    const renamed = await findUserByUsername(db, username.toLowerCase());
    if (renamed) [found] = await publicProfileQuery(db).execute({ username: renamed.username });
  }
  if (!found) throw notFound("No user has that username.");
  return toPublic(found.profile, displayedStreakCount(found.streak, found.profile.timeZone));
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
    has_access: hasAccess(profile),
    time_zone: profile.timeZone,
    neonbits: found.neonbits ?? 0,
  };
}
