-- A lesson completion: everything it writes, once, in one call (docs/decisions/024, 033, 037). The server reads the
-- user's streak row without a lock, works out the streak as of the completion (progress/streak-service.ts) and
-- calls this with the row's version, the new streak and the lesson's values (words and rewards):
--
--   p_streak  {count, last_updated, freeze_on, frozen_at, day_zone,
--              freeze_used, day: null or {reason, reference, amount, description}: the streak's history rows}
--   p_values  {chapter, course, xp, xp_given, xp_description, lesson_activity, lesson_link, course_link,
--              chapter_neonbits, chapter_description, chapter_activity,
--              course_neonbits, course_description, course_activity}
--
-- The streak row is the user's completion lock, taken optimistically: it is written only while it is still the
-- row the server read (updated_at, in microseconds, moves with every change of it). Otherwise nothing is written
-- and the outcome is 'retry': another completion of the user came first, and the server reads again. So a
-- completion written here saw every earlier completion of its user, and a user's concurrent completions run one
-- after another (the second waits for the first's row, then finds it changed).
--
-- Then: a freeze the days since used up, the completion, the XP (ledger row once, then profiles.xp), the activity,
-- the streak's move of the day; and when that was the chapter's last visible lesson, the chapter (its NeonBits and
-- activity), and the course the same way when it was the course's last chapter.
CREATE OR REPLACE FUNCTION "complete_lesson_once"(
  p_user text,
  p_lesson integer,
  p_seen_version bigint,
  p_streak jsonb,
  p_values jsonb
) RETURNS TABLE ("outcome" text, "xp_given" boolean, "chapter_completed" boolean, "course_completed" boolean)
LANGUAGE plpgsql AS $$
DECLARE
  s record;
  v record;
  written integer;
  given boolean := false;
  chapter_done boolean := false;
  course_done boolean := false;
BEGIN
  SELECT * INTO s FROM jsonb_to_record(p_streak) AS x(
    "count" integer, "last_updated" date, "freeze_on" boolean, "frozen_at" date, "day_zone" text);
  SELECT * INTO v FROM jsonb_to_record(p_values) AS x(
    "chapter" integer, "course" integer, "xp" integer, "xp_given" integer, "xp_description" text,
    "lesson_activity" text, "lesson_link" text, "course_link" text,
    "chapter_neonbits" integer, "chapter_description" text, "chapter_activity" text,
    "course_neonbits" integer, "course_description" text, "course_activity" text);

  INSERT INTO "streaks" ("user_id", "count", "last_updated", "freeze_on", "frozen_at", "day_zone", "updated_at")
  VALUES (p_user, s."count", s."last_updated", s."freeze_on", s."frozen_at", s."day_zone", clock_timestamp())
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
    RETURN QUERY SELECT 'retry'::text, false, false, false;
    RETURN;
  END IF;

  -- Before the day, as a lock of the streak records it (streak-service.ts lockStreak).
  IF jsonb_typeof(p_streak -> 'freeze_used') = 'object' THEN
    INSERT INTO "ledger" ("user_id", "kind", "amount", "reason", "reference", "description")
    SELECT p_user, 'streak', e."amount", e."reason", e."reference", e."description"
    FROM jsonb_to_record(p_streak -> 'freeze_used') AS e("reason" text, "reference" text, "amount" integer, "description" text)
    ON CONFLICT DO NOTHING;
  END IF;

  INSERT INTO "completed_lessons" ("user_id", "lesson_id", "xp_awarded") VALUES (p_user, p_lesson, v."xp")
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written = 0 THEN
    -- The row read said "not completed" and no completion of this user has moved the streak since: only a
    -- writer outside this function can get here. Undo everything.
    RAISE EXCEPTION 'complete_lesson_once: lesson % was completed outside the streak lock', p_lesson
      USING ERRCODE = 'serialization_failure';
  END IF;

  -- v.xp is the lesson's XP (kept on the completion row), v.xp_given what the ledger gives (an XP boost doubles it).
  IF v."xp_given" > 0 THEN
    INSERT INTO "ledger" ("user_id", "kind", "amount", "reason", "reference", "description")
    VALUES (p_user, 'xp', v."xp_given", 'lesson_completed', 'lesson:' || p_lesson, v."xp_description")
    ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS written = ROW_COUNT;
    given := written > 0;
    IF given THEN
      UPDATE "profiles" SET "xp" = "xp" + v."xp_given" WHERE "id" = p_user;
    END IF;
  END IF;

  INSERT INTO "user_activities" ("user_id", "kind", "title", "link")
  VALUES (p_user, 'lesson_completed', v."lesson_activity", v."lesson_link");

  IF jsonb_typeof(p_streak -> 'day') = 'object' THEN
    INSERT INTO "ledger" ("user_id", "kind", "amount", "reason", "reference", "description")
    SELECT p_user, 'streak', e."amount", e."reason", e."reference", e."description"
    FROM jsonb_to_record(p_streak -> 'day') AS e("reason" text, "reference" text, "amount" integer, "description" text)
    ON CONFLICT DO NOTHING;
  END IF;

  IF NOT EXISTS (
    SELECT 1 FROM "lessons" l
    WHERE l."chapter_id" = v."chapter" AND l."hidden" = false
      AND NOT EXISTS (SELECT 1 FROM "completed_lessons" c WHERE c."lesson_id" = l."id" AND c."user_id" = p_user)
  ) THEN
    INSERT INTO "completed_chapters" ("user_id", "chapter_id") VALUES (p_user, v."chapter") ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS written = ROW_COUNT;
    chapter_done := written > 0;
  END IF;
  IF chapter_done THEN
    PERFORM "grant_neonbits_once"(p_user, v."chapter_neonbits", 'chapter_completed', 'chapter:' || v."chapter",
      v."chapter_description");
    INSERT INTO "user_activities" ("user_id", "kind", "title", "link")
    VALUES (p_user, 'chapter_completed', v."chapter_activity", v."course_link");
    IF NOT EXISTS (
      SELECT 1 FROM "chapters" ch WHERE ch."course_id" = v."course" AND ch."hidden" = false
        AND NOT EXISTS (SELECT 1 FROM "completed_chapters" d WHERE d."chapter_id" = ch."id" AND d."user_id" = p_user)
    ) THEN
      INSERT INTO "completed_courses" ("user_id", "course_id") VALUES (p_user, v."course") ON CONFLICT DO NOTHING;
      GET DIAGNOSTICS written = ROW_COUNT;
      course_done := written > 0;
    END IF;
  END IF;
  IF course_done THEN
    PERFORM "grant_neonbits_once"(p_user, v."course_neonbits", 'course_completed', 'course:' || v."course",
      v."course_description");
    INSERT INTO "user_activities" ("user_id", "kind", "title", "link")
    VALUES (p_user, 'course_completed', v."course_activity", v."course_link");
  END IF;

  RETURN QUERY SELECT 'done'::text, given, chapter_done, course_done;
END
$$;
