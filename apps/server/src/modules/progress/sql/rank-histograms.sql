-- The rank histograms (xp_totals_histogram, xp_weekly_histogram: users per XP value) as appended moves
-- (docs/decisions/033). An XP change appends (old XP, -1) and (new XP, +1) rows in an ordinary AFTER trigger
-- (the triggers are in the migrations: profiles_xp_histogram, xp_weekly_histogram): nothing is locked, and since
-- readers sum every row of a value, a position is exact as soon as the change commits.
CREATE OR REPLACE FUNCTION "xp_totals_histogram_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."xp" = NEW."xp" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."xp" > 0 THEN
    INSERT INTO "xp_totals_histogram" ("xp", "users") VALUES (OLD."xp", -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."xp" > 0 THEN
    INSERT INTO "xp_totals_histogram" ("xp", "users") VALUES (NEW."xp", 1);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "xp_weekly_histogram_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."xp" = NEW."xp" AND OLD."week_start" = NEW."week_start" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."xp" > 0 THEN
    INSERT INTO "xp_weekly_histogram" ("week_start", "xp", "users") VALUES (OLD."week_start", OLD."xp", -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."xp" > 0 THEN
    INSERT INTO "xp_weekly_histogram" ("week_start", "xp", "users") VALUES (NEW."week_start", NEW."xp", 1);
  END IF;
  RETURN NULL;
END
$$;

-- Folds each value's rows into one; the number of rows folded. Every app instance runs it every few seconds
-- (rank-compaction.ts). Its DELETE … RETURNING and INSERT are one statement, so the sums never change, and
-- concurrent folds only fold the rows each one deleted.
CREATE OR REPLACE FUNCTION "compact_rank_histograms"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  totals integer;
  weekly integer;
BEGIN
  WITH "moved" AS (
    DELETE FROM "xp_totals_histogram" h
    WHERE h."xp" IN (SELECT "xp" FROM "xp_totals_histogram" GROUP BY "xp" HAVING count(*) > 1)
    RETURNING h."xp", h."users"
  ), "folded" AS (
    INSERT INTO "xp_totals_histogram" ("xp", "users")
    SELECT "xp", sum("users") FROM "moved" GROUP BY "xp" HAVING sum("users") <> 0
  )
  SELECT count(*) INTO totals FROM "moved";
  WITH "moved" AS (
    DELETE FROM "xp_weekly_histogram" h
    WHERE (h."week_start", h."xp") IN (
      SELECT "week_start", "xp" FROM "xp_weekly_histogram" GROUP BY "week_start", "xp" HAVING count(*) > 1)
    RETURNING h."week_start", h."xp", h."users"
  ), "folded" AS (
    INSERT INTO "xp_weekly_histogram" ("week_start", "xp", "users")
    SELECT "week_start", "xp", sum("users") FROM "moved" GROUP BY "week_start", "xp" HAVING sum("users") <> 0
  )
  SELECT count(*) INTO weekly FROM "moved";
  RETURN totals + weekly;
END
$$;
