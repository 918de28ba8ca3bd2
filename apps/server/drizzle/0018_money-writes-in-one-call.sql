CREATE INDEX "giveaway_entries_ticket_order_idx" ON "giveaway_entries" USING btree ("round_id","ticket" collate "C");--> statement-breakpoint
-- hand-written: money writes in one call (docs/decisions/032; bench/README.md, rungs L6 and L7).
--
-- buy_shop_item: a shop purchase as one statement (its own transaction) instead of BEGIN, ten statements and
-- COMMIT. The server hands in the item as its cached catalogue has it; the function reads the catalogue row
-- itself and answers 'stale' (nothing written) when it differs, or 'not_found' when the item is gone or off
-- sale, so a purchase is always charged what shop_items says, and the server's cache is dropped and read again.
-- What is written matches what shop/service.ts wrote in its transaction (ledger/service.ts spend and grant,
-- progress addFreezes / extendXpBoost): the NeonBits balance row taken under its row lock (the UPDATE waits for
-- a concurrent purchase of the user and checks the balance again on the row it then sees, so concurrent
-- purchases run one after another and never overspend; CHECK (balance >= 0) backs it), the purchase row, the
-- ledger row once per reference purchase:<id>, then the effect: freezes (after the starter freeze, which comes
-- with the first freezes a user gets) through the ledger and their balance, or the XP boost started or
-- extended from its end. Not enough NeonBits: 'insufficient' and nothing written.
CREATE OR REPLACE FUNCTION "buy_shop_item"(
  p_user text,
  p_item text,
  p_name text,
  p_price integer,
  p_effect text,
  p_quantity integer,
  p_reason text,
  p_description text,
  p_starter_amount integer,
  p_starter_reason text,
  p_starter_reference text,
  p_starter_description text
) RETURNS TABLE (
  "outcome" text,
  "purchase_id" integer,
  "balance" integer,
  "freezes_owned" integer,
  "freeze_on" boolean,
  "boost_ends_at" timestamptz
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  item record;
  left_over integer;
  bought integer;
  reference text;
  starter integer := 0;
  written integer;
BEGIN
  SELECT i."name", i."price", i."effect", i."quantity" INTO item
  FROM "shop_items" i WHERE i."id" = p_item AND i."active";
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::integer, NULL::integer, NULL::integer, NULL::boolean, NULL::timestamptz;
    RETURN;
  END IF;
  IF item."name" <> p_name OR item."price" <> p_price OR item."effect" <> p_effect OR item."quantity" <> p_quantity THEN
    RETURN QUERY SELECT 'stale'::text, NULL::integer, NULL::integer, NULL::integer, NULL::boolean, NULL::timestamptz;
    RETURN;
  END IF;

  -- The spend: the balance row locked and taken in one step, only if it covers the price.
  UPDATE "ledger_balances" b SET "balance" = b."balance" - p_price
  WHERE b."user_id" = p_user AND b."kind" = 'neonbits' AND b."balance" >= p_price
  RETURNING b."balance" INTO left_over;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'insufficient'::text, NULL::integer,
      coalesce((SELECT b."balance" FROM "ledger_balances" b WHERE b."user_id" = p_user AND b."kind" = 'neonbits'), 0),
      NULL::integer, NULL::boolean, NULL::timestamptz;
    RETURN;
  END IF;

  INSERT INTO "shop_purchases" ("user_id", "item_id", "price") VALUES (p_user, p_item, p_price)
  RETURNING "id" INTO bought;
  reference := 'purchase:' || bought;
  -- A new purchase id is a new reference: a conflict here is impossible, and would undo the whole purchase.
  INSERT INTO "ledger" ("user_id", "kind", "amount", "reason", "reference", "description")
  VALUES (p_user, 'neonbits', -p_price, p_reason, reference, p_description);

  IF p_effect = 'streak_freeze' THEN
    IF NOT EXISTS (SELECT 1 FROM "ledger_balances" b WHERE b."user_id" = p_user AND b."kind" = 'streak_freeze') THEN
      INSERT INTO "ledger" ("user_id", "kind", "amount", "reason", "reference", "description")
      VALUES (p_user, 'streak_freeze', p_starter_amount, p_starter_reason, p_starter_reference, p_starter_description)
      ON CONFLICT DO NOTHING;
      GET DIAGNOSTICS written = ROW_COUNT;
      IF written > 0 THEN starter := p_starter_amount; END IF;
    END IF;
    INSERT INTO "ledger" ("user_id", "kind", "amount", "reason", "reference", "description")
    VALUES (p_user, 'streak_freeze', p_quantity, p_reason, reference, p_description);
    INSERT INTO "ledger_balances" ("user_id", "kind", "balance") VALUES (p_user, 'streak_freeze', starter + p_quantity)
    ON CONFLICT ("user_id", "kind") DO UPDATE SET "balance" = "ledger_balances"."balance" + EXCLUDED."balance";
  ELSIF p_effect = 'xp_boost' THEN
    INSERT INTO "xp_boosts" ("user_id", "ends_at") VALUES (p_user, now() + make_interval(mins => p_quantity))
    ON CONFLICT ("user_id") DO UPDATE
      SET "ends_at" = greatest("xp_boosts"."ends_at", now()) + make_interval(mins => p_quantity);
  ELSE
    RAISE EXCEPTION 'buy_shop_item: unknown effect %', p_effect;
  END IF;

  -- The answer's shop state (shop/service.ts getShopState, progress inventoryColumns).
  RETURN QUERY SELECT 'done'::text, bought, left_over,
    coalesce((SELECT b."balance" FROM "ledger_balances" b WHERE b."user_id" = p_user AND b."kind" = 'streak_freeze'),
      p_starter_amount),
    coalesce((SELECT s."freeze_on" FROM "streaks" s WHERE s."user_id" = p_user), false),
    (SELECT x."ends_at" FROM "xp_boosts" x WHERE x."user_id" = p_user AND x."ends_at" > now());
END;
$$;
--> statement-breakpoint
-- subscription_access: what one subscription gives (payments/provider.ts accessOf; a parity test keeps them
-- equal): active or trialing → paid (until the period end once cancelled at period end), past_due → until the
-- period end, anything else → not paid (paid = false, until = null).
CREATE OR REPLACE FUNCTION "subscription_access"(p_status text, p_cancel_at_period_end boolean, p_period_end timestamptz)
RETURNS TABLE ("paid" boolean, "until" timestamptz)
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_status IN ('active', 'trialing', 'past_due'),
    CASE
      WHEN p_status IN ('active', 'trialing') THEN CASE WHEN p_cancel_at_period_end THEN p_period_end END
      WHEN p_status = 'past_due' THEN p_period_end
    END
$$;
--> statement-breakpoint
-- apply_subscription_event: a subscription.updated / .deleted event in one statement (payments/webhook.ts held
-- it in ~8 statements): the event id stored once ('duplicate' and nothing else when it was there), the
-- customer linked to the user (first one wins), the subscription upserted only over a lower version (on a tie
-- a cancelled subscription stays cancelled), then profiles.paid_access / paid_access_until from all of the
-- owner's subscriptions (the longest access of any). Answers the subscription as it now is, with the owner's
-- access, so the server publishes subscription.changed (no owner: an older announcement, which wrote nothing,
-- or a subscription no user is linked to).
CREATE OR REPLACE FUNCTION "apply_subscription_event"(
  p_event text,
  p_provider text,
  p_type text,
  p_subscription text,
  p_customer text,
  p_user text,
  p_price text,
  p_status text,
  p_cancel_at_period_end boolean,
  p_period_end timestamptz,
  p_version bigint
) RETURNS TABLE (
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
  owner text;
  access record;
  written integer;
BEGIN
  INSERT INTO "payment_events" ("id", "provider", "type") VALUES (p_event, p_provider, p_type) ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written = 0 THEN
    RETURN QUERY SELECT 'duplicate'::text, NULL::text, NULL::text, NULL::boolean, NULL::timestamptz, NULL::boolean, NULL::timestamptz;
    RETURN;
  END IF;

  IF p_user IS NOT NULL AND EXISTS (SELECT 1 FROM "profiles" p WHERE p."id" = p_user) THEN
    INSERT INTO "billing_customers" ("customer_id", "user_id", "provider") VALUES (p_customer, p_user, p_provider)
    ON CONFLICT DO NOTHING;
  END IF;

  INSERT INTO "subscriptions" AS s ("id", "customer_id", "user_id", "price_id", "status", "cancel_at_period_end",
    "current_period_end", "version", "updated_at")
  VALUES (p_subscription, p_customer,
    (SELECT c."user_id" FROM "billing_customers" c WHERE c."customer_id" = p_customer),
    p_price, p_status, p_cancel_at_period_end, p_period_end, p_version, now())
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
  FROM "subscriptions" s WHERE s."id" = p_subscription;
END;
$$;
--> statement-breakpoint
-- apply_checkout_event: "checkout completed" (every pack) in one call, its own transaction (payments/checkout-event.ts
-- held it in a CTE statement and the ledger grant's two more inside BEGIN … COMMIT): the event id stored once
-- ('duplicate' and nothing else when it was there), the user found (from the event, else from its customer), the
-- customer linked (first one wins), the billing record of a paid pack upserted, and the pack's NeonBits granted
-- through the ledger's rules (ledger/service.ts grant: the row once per reference checkout:<id>, the balance moved
-- only by a new row).
CREATE OR REPLACE FUNCTION "apply_checkout_event"(
  p_event text,
  p_provider text,
  p_type text,
  p_checkout text,
  p_user text,
  p_customer text,
  p_billable boolean,
  p_bill_description text,
  p_amount integer,
  p_currency text,
  p_occurred_at timestamptz,
  p_neonbits integer,
  p_reason text,
  p_reference text,
  p_description text
) RETURNS text
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  who text;
  written integer;
BEGIN
  INSERT INTO "payment_events" ("id", "provider", "type") VALUES (p_event, p_provider, p_type) ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written = 0 THEN
    RETURN 'duplicate';
  END IF;

  SELECT p."id" INTO who FROM "profiles" p
  WHERE p."id" = coalesce(p_user, (SELECT b."user_id" FROM "billing_customers" b WHERE b."customer_id" = p_customer));
  IF who IS NOT NULL AND p_customer IS NOT NULL THEN
    INSERT INTO "billing_customers" ("customer_id", "user_id", "provider") VALUES (p_customer, who, p_provider)
    ON CONFLICT DO NOTHING;
  END IF;

  IF p_billable THEN
    INSERT INTO "billing_records" AS r ("id", "customer_id", "description", "amount", "currency", "status", "invoice_url",
      "occurred_at")
    VALUES (p_checkout, p_customer, p_bill_description, p_amount, p_currency, 'paid', NULL, p_occurred_at)
    ON CONFLICT ("id") DO UPDATE SET "status" = EXCLUDED."status";
  END IF;

  IF p_neonbits > 0 AND who IS NOT NULL THEN
    INSERT INTO "ledger" ("user_id", "kind", "amount", "reason", "reference", "description")
    VALUES (who, 'neonbits', p_neonbits, p_reason, p_reference, p_description)
    ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS written = ROW_COUNT;
    IF written > 0 THEN
      INSERT INTO "ledger_balances" ("user_id", "kind", "balance") VALUES (who, 'neonbits', p_neonbits)
      ON CONFLICT ("user_id", "kind") DO UPDATE SET "balance" = "ledger_balances"."balance" + EXCLUDED."balance";
    END IF;
  END IF;
  RETURN 'applied';
END;
$$;
