-- Rank at scale (bench/scale.ts): triggers keep the aggregates of 0003 right for every writer.
--   xp_events insert          -> xp_weekly (per user and week; immediate: a per-user row, no contention)
--   profiles insert/delete/xp -> xp_totals_histogram (users per exact XP value)
--   xp_weekly insert/delete/xp -> xp_weekly_histogram (users per week and XP value)
-- The histogram triggers are deferred to commit: their rows are shared by every user with that XP,
-- so they are locked only for the moment of the commit, not for the rest of a completion.
-- Histogram locks are taken in ascending XP order (XP only grows), so they can not deadlock.

-- The all-time board reads profiles in (xp desc, username) order; profiles is owned by the profiles module.
DROP INDEX IF EXISTS "profiles_xp_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_xp_board_idx" ON "profiles" USING btree ("xp" DESC, "username");--> statement-breakpoint

CREATE OR REPLACE FUNCTION "xp_weekly_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "xp_weekly" ("user_id", "week_start", "xp")
  VALUES (NEW."user_id", (date_trunc('week', NEW."created_at" AT TIME ZONE 'UTC'))::date, NEW."amount")
  ON CONFLICT ("user_id", "week_start") DO UPDATE SET "xp" = "xp_weekly"."xp" + EXCLUDED."xp";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "xp_events_weekly" AFTER INSERT ON "xp_events"
  FOR EACH ROW EXECUTE FUNCTION "xp_weekly_add"();--> statement-breakpoint

CREATE OR REPLACE FUNCTION "xp_totals_histogram_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."xp" = NEW."xp" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."xp" > 0 THEN
    UPDATE "xp_totals_histogram" SET "users" = "users" - 1 WHERE "xp" = OLD."xp";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."xp" > 0 THEN
    INSERT INTO "xp_totals_histogram" ("xp", "users") VALUES (NEW."xp", 1)
    ON CONFLICT ("xp") DO UPDATE SET "users" = "xp_totals_histogram"."users" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "profiles_xp_histogram" AFTER INSERT OR DELETE OR UPDATE OF "xp" ON "profiles"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "xp_totals_histogram_sync"();--> statement-breakpoint

CREATE OR REPLACE FUNCTION "xp_weekly_histogram_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."xp" = NEW."xp" AND OLD."week_start" = NEW."week_start" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."xp" > 0 THEN
    UPDATE "xp_weekly_histogram" SET "users" = "users" - 1
    WHERE "week_start" = OLD."week_start" AND "xp" = OLD."xp";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."xp" > 0 THEN
    INSERT INTO "xp_weekly_histogram" ("week_start", "xp", "users") VALUES (NEW."week_start", NEW."xp", 1)
    ON CONFLICT ("week_start", "xp") DO UPDATE SET "users" = "xp_weekly_histogram"."users" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "xp_weekly_histogram" AFTER INSERT OR DELETE OR UPDATE OF "xp" ON "xp_weekly"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "xp_weekly_histogram_sync"();--> statement-breakpoint

-- Backfill from what is already there. Filling xp_weekly fires its (deferred) histogram trigger,
-- which fills xp_weekly_histogram at commit; profiles are not written here, so their histogram is filled directly.
INSERT INTO "xp_weekly" ("user_id", "week_start", "xp")
SELECT "user_id", (date_trunc('week', "created_at" AT TIME ZONE 'UTC'))::date, sum("amount")::int
FROM "xp_events" GROUP BY 1, 2
ON CONFLICT ("user_id", "week_start") DO NOTHING;--> statement-breakpoint
INSERT INTO "xp_totals_histogram" ("xp", "users")
SELECT "xp", count(*)::int FROM "profiles" WHERE "xp" > 0 GROUP BY 1
ON CONFLICT ("xp") DO NOTHING;
