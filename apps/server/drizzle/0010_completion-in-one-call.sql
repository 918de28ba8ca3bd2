-- A lesson completion's writes in one call (bench/README.md, "The completion write path"; docs/decisions/024).
-- The server reads the streak row without a lock, works out the new streak, and hands everything here: one
-- statement, its own transaction, instead of BEGIN, nine statements and COMMIT, each a round trip and a turn
-- of the server's one thread.
--
-- The streak row is the user's completion lock, now taken optimistically: it is written only when it is still
-- the row the server read (updated_at unchanged, compared in microseconds; every completion, this one or the
-- locking path in streak-service.ts, moves updated_at). Otherwise nothing is written and 'retry' comes back. So a completion
-- written here saw every earlier completion of its user, as under the lock, and concurrent completions of one
-- user still run one after another (the second waits for the first's row, then finds it changed).
--
-- What is written matches the locking path in completion-service.ts exactly: the completion, the XP ledger
-- row and profiles.xp once (ledger/service.ts grant), the activity, the streak and its history row. A
-- completion that finishes its chapter takes the locking path (the badge, NeonBits, the course).
CREATE OR REPLACE FUNCTION "complete_lesson_once"(
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
  p_streak_description text
) RETURNS TABLE ("outcome" text, "xp_given" boolean, "chapter_lessons_left" integer)
LANGUAGE plpgsql AS $$
DECLARE
  written integer;
  given boolean := false;
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
    RETURN QUERY SELECT 'retry'::text, false, NULL::integer;
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

  RETURN QUERY SELECT 'done'::text, given, (
    SELECT count(*)::integer FROM "lessons" l
    WHERE l."chapter_id" = p_chapter AND l."hidden" = false AND l."id" <> p_lesson
      AND NOT EXISTS (
        SELECT 1 FROM "completed_lessons" c WHERE c."lesson_id" = l."id" AND c."user_id" = p_user
      )
  );
END;
$$;
