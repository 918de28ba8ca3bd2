-- A subscription.updated / .deleted event in one statement (docs/decisions/032). p_event: {event_id, provider,
-- type, subscription_id, customer_id, user_id, price_id, status, cancel_at_period_end, current_period_end,
-- version}. The event id stored once ('duplicate' and nothing else when it was there), the customer linked to the
-- user (first one wins), the subscription upserted only over a lower version (on a tie a cancelled subscription
-- stays cancelled), then profiles.paid_access / paid_access_until from all of the owner's subscriptions (the
-- longest access of any, each through subscription_access). Answers the subscription as it now is, with the
-- owner's access, so the server publishes subscription.changed (no owner: an older announcement, which wrote
-- nothing, or a subscription no user is linked to).
CREATE OR REPLACE FUNCTION "apply_subscription_event"(p_event jsonb) RETURNS TABLE (
  "outcome" text,
  "user_id" text,
  "status" text,
  "cancel_at_period_end" boolean,
  "current_period_end" timestamptz,
  "paid" boolean,
  "paid_until" timestamptz
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  e record;
  owner text;
  access record;
  written integer;
BEGIN
  SELECT * INTO e FROM jsonb_to_record(p_event) AS x("event_id" text, "provider" text, "type" text,
    "subscription_id" text, "customer_id" text, "user_id" text, "price_id" text, "status" text,
    "cancel_at_period_end" boolean, "current_period_end" timestamptz, "version" bigint);
  INSERT INTO "payment_events" ("id", "provider", "type") VALUES (e."event_id", e."provider", e."type")
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written = 0 THEN
    RETURN QUERY SELECT 'duplicate'::text, NULL::text, NULL::text, NULL::boolean, NULL::timestamptz, NULL::boolean, NULL::timestamptz;
    RETURN;
  END IF;

  IF e."user_id" IS NOT NULL AND EXISTS (SELECT 1 FROM "profiles" p WHERE p."id" = e."user_id") THEN
    INSERT INTO "billing_customers" ("customer_id", "user_id", "provider") VALUES (e."customer_id", e."user_id", e."provider")
    ON CONFLICT DO NOTHING;
  END IF;

  INSERT INTO "subscriptions" AS s ("id", "customer_id", "user_id", "price_id", "status", "cancel_at_period_end",
    "current_period_end", "version", "updated_at")
  VALUES (e."subscription_id", e."customer_id",
    (SELECT c."user_id" FROM "billing_customers" c WHERE c."customer_id" = e."customer_id"),
    e."price_id", e."status", e."cancel_at_period_end", e."current_period_end", e."version", now())
  ON CONFLICT ("id") DO UPDATE SET
    "customer_id" = EXCLUDED."customer_id",
    "user_id" = coalesce(s."user_id", EXCLUDED."user_id"),
    "price_id" = EXCLUDED."price_id",
    "status" = EXCLUDED."status",
    "cancel_at_period_end" = EXCLUDED."cancel_at_period_end",
    "current_period_end" = EXCLUDED."current_period_end",
    "version" = EXCLUDED."version",
    "updated_at" = EXCLUDED."updated_at"
  WHERE s."version" < EXCLUDED."version" OR (s."version" = EXCLUDED."version" AND s."status" <> 'canceled')
  RETURNING s."user_id" INTO owner;
  IF owner IS NULL THEN
    -- An older announcement (nothing written), or a subscription nobody owns (yet): stored, no access to move.
    RETURN QUERY SELECT 'applied'::text, NULL::text, NULL::text, NULL::boolean, NULL::timestamptz, NULL::boolean, NULL::timestamptz;
    RETURN;
  END IF;

  -- The longest access of any of the owner's subscriptions: unending wins, else the latest end.
  SELECT coalesce(bool_or(a."paid"), false) AS "paid",
    CASE WHEN bool_or(a."paid" AND a."until" IS NULL) THEN NULL ELSE max(a."until") FILTER (WHERE a."paid") END AS "until"
  INTO access
  FROM "subscriptions" s, LATERAL "subscription_access"(s."status", s."cancel_at_period_end", s."current_period_end") a
  WHERE s."user_id" = owner;
  UPDATE "profiles" p SET "paid_access" = access."paid", "paid_access_until" = CASE WHEN access."paid" THEN access."until" END
  WHERE p."id" = owner;

  RETURN QUERY SELECT 'applied'::text, owner, s."status", s."cancel_at_period_end", s."current_period_end",
    access."paid", access."until"
  FROM "subscriptions" s WHERE s."id" = e."subscription_id";
END;
$$;
