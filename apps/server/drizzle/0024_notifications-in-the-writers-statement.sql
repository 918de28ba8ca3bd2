-- hand-written: a notification as a function call, so the statement that causes it can make it
-- (bench/README.md, "Session 13"; docs/decisions/037).
--
-- create_notification is the notifications module's policy, as service.ts createNotification ran it as one
-- CTE before: nothing for the actor themself, nothing when the user paused notifications or switched the
-- kind off, at most one of a kind about a subject per hour (the throttle row's atomic upsert decides, so
-- concurrent calls make one), then the row and the exact counters. Returns the new id, or null when held back.
CREATE FUNCTION "create_notification"(p_user text, p_kind text, p_subject text, p_actor text, p_data jsonb)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  made integer;
BEGIN
  IF p_actor IS NOT NULL AND p_actor = p_user THEN
    RETURN NULL;
  END IF;
  IF EXISTS (
    SELECT 1 FROM "notification_preferences" p
    WHERE p."user_id" = p_user AND (p."paused" OR p."disabled" ? p_kind)
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO "notification_throttle" ("user_id", "kind", "subject", "last_at")
  VALUES (p_user, p_kind, p_subject, now())
  ON CONFLICT ("user_id", "kind", "subject") DO UPDATE SET "last_at" = now()
    WHERE "notification_throttle"."last_at" <= now() - interval '1 hour';
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO "notifications" ("user_id", "kind", "subject", "actor_id", "data")
  VALUES (p_user, p_kind, p_subject, p_actor, coalesce(p_data, '{}'::jsonb))
  RETURNING "id" INTO made;
  INSERT INTO "notification_counters" ("user_id", "total", "unread") VALUES (p_user, 1, 1)
  ON CONFLICT ("user_id") DO UPDATE SET "total" = "notification_counters"."total" + 1,
    "unread" = "notification_counters"."unread" + 1;
  RETURN made;
END
$$;--> statement-breakpoint

-- An event's notifications in one call: a JSON array of {user_id, kind, subject, actor_id, data}; the ids in
-- the same order (null where the policy held one back). The event bus's statement handlers call it
-- (events/event-bus.ts): inside the statement of a writer that does its change in one statement (a lesson
-- completion's badge), or as a statement of the publishing transaction.
CREATE FUNCTION "create_notifications"(p_notices jsonb) RETURNS integer[] LANGUAGE plpgsql AS $$
DECLARE
  notice jsonb;
  ids integer[] := '{}';
BEGIN
  FOR notice IN SELECT value FROM jsonb_array_elements(p_notices) LOOP
    ids := array_append(ids, "create_notification"(notice->>'user_id', notice->>'kind', notice->>'subject',
      notice->>'actor_id', notice->'data'));
  END LOOP;
  RETURN ids;
END
$$;
