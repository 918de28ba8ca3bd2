-- Rank histograms in slots (bench/README.md, "The completion write path"). With one row per XP value, every
-- completion of users on the same XP (all of a new week's first completions: 0 -> 10 XP) updated the same
-- row in its deferred trigger and held that row lock until its commit was flushed, so those commits ran one
-- after another. Now an XP value's count may be split over several rows (slots), which readers sum: a
-- writer adds to a slot no other transaction holds (FOR UPDATE SKIP LOCKED), or starts a new one, and a
-- slot that reaches 0 users is deleted. A new slot is made only while every existing one of that value is
-- held by another transaction, so a value never has more slots than writers that were ever on it at once.
ALTER TABLE "xp_weekly_histogram" DROP CONSTRAINT "xp_weekly_histogram_week_start_xp_pk";--> statement-breakpoint
ALTER TABLE "xp_totals_histogram" DROP CONSTRAINT "xp_totals_histogram_pkey";--> statement-breakpoint
ALTER TABLE "xp_totals_histogram" ADD COLUMN "id" integer PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "xp_totals_histogram_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "xp_weekly_histogram" ADD COLUMN "id" integer PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "xp_weekly_histogram_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "xp_totals_histogram_xp_idx" ON "xp_totals_histogram" USING btree ("xp");--> statement-breakpoint
CREATE INDEX "xp_weekly_histogram_week_xp_idx" ON "xp_weekly_histogram" USING btree ("week_start","xp");--> statement-breakpoint

CREATE OR REPLACE FUNCTION "xp_totals_histogram_add"(p_xp integer, p_delta integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  slot integer;
  left_users integer;
BEGIN
  SELECT "id" INTO slot FROM "xp_totals_histogram" WHERE "xp" = p_xp LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF slot IS NULL THEN
    INSERT INTO "xp_totals_histogram" ("xp", "users") VALUES (p_xp, p_delta);
    RETURN;
  END IF;
  UPDATE "xp_totals_histogram" SET "users" = "users" + p_delta WHERE "id" = slot RETURNING "users" INTO left_users;
  IF left_users = 0 THEN
    DELETE FROM "xp_totals_histogram" WHERE "id" = slot;
  END IF;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION "xp_weekly_histogram_add"(p_week date, p_xp integer, p_delta integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  slot integer;
  left_users integer;
BEGIN
  SELECT "id" INTO slot FROM "xp_weekly_histogram" WHERE "week_start" = p_week AND "xp" = p_xp
  LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF slot IS NULL THEN
    INSERT INTO "xp_weekly_histogram" ("week_start", "xp", "users") VALUES (p_week, p_xp, p_delta);
    RETURN;
  END IF;
  UPDATE "xp_weekly_histogram" SET "users" = "users" + p_delta WHERE "id" = slot RETURNING "users" INTO left_users;
  IF left_users = 0 THEN
    DELETE FROM "xp_weekly_histogram" WHERE "id" = slot;
  END IF;
END
$$;--> statement-breakpoint

-- The triggers of 0004 stay (deferred to commit); their functions now go through the slots.
CREATE OR REPLACE FUNCTION "xp_totals_histogram_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."xp" = NEW."xp" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."xp" > 0 THEN
    PERFORM "xp_totals_histogram_add"(OLD."xp", -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."xp" > 0 THEN
    PERFORM "xp_totals_histogram_add"(NEW."xp", 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION "xp_weekly_histogram_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."xp" = NEW."xp" AND OLD."week_start" = NEW."week_start" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."xp" > 0 THEN
    PERFORM "xp_weekly_histogram_add"(OLD."week_start", OLD."xp", -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."xp" > 0 THEN
    PERFORM "xp_weekly_histogram_add"(NEW."week_start", NEW."xp", 1);
  END IF;
  RETURN NULL;
END
$$;
