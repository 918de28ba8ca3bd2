-- hand-written: a lesson completion's database work cut down (bench/README.md, "Fourth step"; docs/decisions/033).
--
-- 1. Rank histograms as moves. The histograms of 0004 kept one count per XP value (0008: in slots), each
--    change a row lock taken and the count updated by a deferred trigger at commit: up to four slot updates
--    per completion, a quarter of its database work. Now an XP change only appends its moves, (old XP, -1)
--    and (new XP, +1), as rows of the same tables, in an ordinary AFTER trigger: nothing is locked, nothing
--    waits, and since readers already sum every row of a value, a position is exact as soon as the change
--    commits. compact_rank_histograms() folds a value's rows into one now and then (the server runs it every
--    few seconds, rank-compaction.ts): its DELETE … RETURNING and INSERT are one statement, so the sums never
--    change, and concurrent runs only fold the rows each one deleted.
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
$$;--> statement-breakpoint
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
$$;--> statement-breakpoint
-- No longer deferred: an append holds no shared row, so there is nothing to keep short.
DROP TRIGGER "profiles_xp_histogram" ON "profiles";--> statement-breakpoint
CREATE TRIGGER "profiles_xp_histogram" AFTER INSERT OR DELETE OR UPDATE OF "xp" ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "xp_totals_histogram_sync"();--> statement-breakpoint
DROP TRIGGER "xp_weekly_histogram" ON "xp_weekly";--> statement-breakpoint
CREATE TRIGGER "xp_weekly_histogram" AFTER INSERT OR DELETE OR UPDATE OF "xp" ON "xp_weekly"
  FOR EACH ROW EXECUTE FUNCTION "xp_weekly_histogram_sync"();--> statement-breakpoint
DROP FUNCTION "xp_totals_histogram_add"(integer, integer);--> statement-breakpoint
DROP FUNCTION "xp_weekly_histogram_add"(date, integer, integer);--> statement-breakpoint

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
$$;--> statement-breakpoint
SELECT "compact_rank_histograms"();--> statement-breakpoint

-- 2. The chapter's badge in the same call. complete_lesson_once (0010) now also finishes the chapter when
--    the completion was its last lesson: the chapter's completion, its NeonBits (ledger row once, balance)
--    and activity, and the course the same way when that was its last chapter — what completion-service.ts
--    completeChapter/completeCourse write (its parity test compares the rows). p_chapter_neonbits null
--    leaves the chapter to the caller. The server runs the call inside a transaction when it expects the
--    chapter to finish, so badge.earned's in-transaction handlers (the notification) commit with it.
DROP FUNCTION "complete_lesson_once"(text, integer, integer, integer, integer, bigint, integer, date, boolean, date,
  text, text, text, text, text, text, text, text, text, text);--> statement-breakpoint
CREATE FUNCTION "complete_lesson_once"(
  p_user text,
  p_lesson integer,
  p_chapter integer,
  p_xp integer,
  p_xp_given integer,
  p_seen_version bigint,
  p_count integer,
  p_last_updated date,
  p_freeze_on boolean,
  p_frozen_at date,
  p_day_zone text,
  p_xp_reason text,
  p_xp_reference text,
  p_xp_description text,
  p_activity_kind text,
  p_activity_title text,
  p_activity_link text,
  p_streak_reason text,
  p_streak_reference text,
  p_streak_description text,
  p_course integer,
  p_course_link text,
  p_chapter_neonbits integer,
  p_chapter_description text,
  p_chapter_activity_title text,
  p_course_neonbits integer,
  p_course_description text,
  p_course_activity_title text
) RETURNS TABLE ("outcome" text, "xp_given" boolean, "chapter_lessons_left" integer, "chapter_completed" boolean,
  "course_completed" boolean)
LANGUAGE plpgsql AS $$
DECLARE
  written integer;
  given boolean := false;
  lessons_left integer;
  chapter_done boolean := false;
  course_done boolean := false;
BEGIN
  INSERT INTO "streaks" ("user_id", "count", "last_updated", "freeze_on", "frozen_at", "day_zone", "updated_at")
  VALUES (p_user, p_count, p_last_updated, p_freeze_on, p_frozen_at, p_day_zone, clock_timestamp())
  ON CONFLICT ("user_id") DO UPDATE SET
    "count" = EXCLUDED."count",
    "last_updated" = EXCLUDED."last_updated",
    "freeze_on" = EXCLUDED."freeze_on",
    "frozen_at" = EXCLUDED."frozen_at",
    "day_zone" = EXCLUDED."day_zone",
    "updated_at" = EXCLUDED."updated_at"
  WHERE (extract(epoch FROM "streaks"."updated_at") * 1000000)::bigint = p_seen_version;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written = 0 THEN
    RETURN QUERY SELECT 'retry'::text, false, NULL::integer, false, false;
    RETURN;
  END IF;

  INSERT INTO "completed_lessons" ("user_id", "lesson_id", "xp_awarded") VALUES (p_user, p_lesson, p_xp)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written = 0 THEN
    -- The row read said "not completed" and no completion of this user has moved the streak since: only a
    -- writer outside both paths can get here. Undo everything; the server takes the locking path.
    RAISE EXCEPTION 'complete_lesson_once: lesson % was completed outside the streak lock', p_lesson
      USING ERRCODE = 'serialization_failure';
  END IF;

  -- p_xp is the lesson's XP (kept on the completion row), p_xp_given what the ledger gives (an XP boost doubles it).
  IF p_xp_given > 0 THEN
    INSERT INTO "ledger" ("user_id", "kind", "amount", "reason", "reference", "description")
    VALUES (p_user, 'xp', p_xp_given, p_xp_reason, p_xp_reference, p_xp_description)
    ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS written = ROW_COUNT;
    given := written > 0;
    IF given THEN
      UPDATE "profiles" SET "xp" = "xp" + p_xp_given WHERE "id" = p_user;
    END IF;
  END IF;

  INSERT INTO "user_activities" ("user_id", "kind", "title", "link")
  VALUES (p_user, p_activity_kind, p_activity_title, p_activity_link);

  IF p_streak_reason IS NOT NULL THEN
    INSERT INTO "ledger" ("user_id", "kind", "amount", "reason", "reference", "description")
    VALUES (p_user, 'streak', 1, p_streak_reason, p_streak_reference, p_streak_description)
    ON CONFLICT DO NOTHING;
  END IF;

  SELECT count(*)::integer INTO lessons_left FROM "lessons" l
  WHERE l."chapter_id" = p_chapter AND l."hidden" = false
    AND NOT EXISTS (SELECT 1 FROM "completed_lessons" c WHERE c."lesson_id" = l."id" AND c."user_id" = p_user);

  IF lessons_left = 0 AND p_chapter_neonbits IS NOT NULL THEN
    INSERT INTO "completed_chapters" ("user_id", "chapter_id") VALUES (p_user, p_chapter) ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS written = ROW_COUNT;
    chapter_done := written > 0;
  END IF;
  IF chapter_done THEN
    PERFORM "grant_neonbits_once"(p_user, p_chapter_neonbits, 'chapter_completed', 'chapter:' || p_chapter,
      p_chapter_description);
    INSERT INTO "user_activities" ("user_id", "kind", "title", "link")
    VALUES (p_user, 'chapter_completed', p_chapter_activity_title, p_course_link);
    IF NOT EXISTS (
      SELECT 1 FROM "chapters" ch WHERE ch."course_id" = p_course AND ch."hidden" = false
        AND NOT EXISTS (SELECT 1 FROM "completed_chapters" d WHERE d."chapter_id" = ch."id" AND d."user_id" = p_user)
    ) THEN
      INSERT INTO "completed_courses" ("user_id", "course_id") VALUES (p_user, p_course) ON CONFLICT DO NOTHING;
      GET DIAGNOSTICS written = ROW_COUNT;
      course_done := written > 0;
    END IF;
  END IF;
  IF course_done THEN
    PERFORM "grant_neonbits_once"(p_user, p_course_neonbits, 'course_completed', 'course:' || p_course,
      p_course_description);
    INSERT INTO "user_activities" ("user_id", "kind", "title", "link")
    VALUES (p_user, 'course_completed', p_course_activity_title, p_course_link);
  END IF;

  RETURN QUERY SELECT 'done'::text, given, lessons_left, chapter_done, course_done;
END;
$$;--> statement-breakpoint

-- NeonBits given once per (user, reason, reference), as ledger/service.ts grant: the row, then the balance.
CREATE OR REPLACE FUNCTION "grant_neonbits_once"(p_user text, p_amount integer, p_reason text, p_reference text,
  p_description text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  written integer;
BEGIN
  INSERT INTO "ledger" ("user_id", "kind", "amount", "reason", "reference", "description")
  VALUES (p_user, 'neonbits', p_amount, p_reason, p_reference, p_description)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written = 0 THEN
    RETURN false;
  END IF;
  INSERT INTO "ledger_balances" ("user_id", "kind", "balance") VALUES (p_user, 'neonbits', p_amount)
  ON CONFLICT ("user_id", "kind") DO UPDATE SET "balance" = "ledger_balances"."balance" + EXCLUDED."balance";
  RETURN true;
END
$$;
