// The SQL the app runs for the L3 read (public profile by username), used verbatim by the L2 floor.
export const L3_SQL = `select "id", "display_name", "username", "bio", "skills", "location", "work_place",
  "github_link", "twitter_link", "linkedin_link", "youtube_link", "patreon_link", "buy_me_a_coffe_link",
  "avatar", "role", "access_granted", "time_zone", "xp", "created_at", "updated_at"
  from "profiles" where "profiles"."username" = $1`;
