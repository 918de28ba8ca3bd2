-- The all-time leaderboard reads profiles by XP (profiles is owned by the profiles module).
CREATE INDEX IF NOT EXISTS "profiles_xp_idx" ON "profiles" USING btree ("xp" DESC, "id");
