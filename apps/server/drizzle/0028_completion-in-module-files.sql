-- hand-written: the lesson completion and the rank histograms' functions now live in their modules' SQL files
-- (modules/learning/sql/complete-lesson.sql, modules/progress/sql/rank-histograms.sql; docs/decisions/038).
-- complete_lesson_once takes the streak and the lesson's values as two jsonb arguments instead of 28 positional
-- ones: this drops the signature 0023 created (0023 dropped 0010's); the file creates the new one on the same start.
DROP FUNCTION "complete_lesson_once"(text, integer, integer, integer, integer, bigint, integer, date, boolean, date,
  text, text, text, text, text, text, text, text, text, text, integer, text, integer, text, text, integer, text, text);
