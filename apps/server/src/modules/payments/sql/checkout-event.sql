-- "Checkout completed" (every pack) in one call, its own transaction (docs/decisions/032). p_event: {event_id,
-- provider, type, checkout_id, user_id, customer_id, billable, bill_description, amount, currency, occurred_at,
-- neonbits, reason, reference, description}. The event id stored once ('duplicate' and nothing else when it was
-- there), the user found (from the event, else from its customer), the customer linked (first one wins), the
-- billing record of a paid pack upserted, and the pack's NeonBits granted through the ledger (ledger_grant: the
-- row once per reference checkout:<id>, the balance moved only by a new row).
CREATE OR REPLACE FUNCTION "apply_checkout_event"(p_event jsonb) RETURNS text
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  e record;
  who text;
  written integer;
BEGIN
  SELECT * INTO e FROM jsonb_to_record(p_event) AS x("event_id" text, "provider" text, "type" text,
    "checkout_id" text, "user_id" text, "customer_id" text, "billable" boolean, "bill_description" text,
    "amount" integer, "currency" text, "occurred_at" timestamptz, "neonbits" integer, "reason" text,
    "reference" text, "description" text);
  INSERT INTO "payment_events" ("id", "provider", "type") VALUES (e."event_id", e."provider", e."type")
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written = 0 THEN
    RETURN 'duplicate';
  END IF;

  SELECT p."id" INTO who FROM "profiles" p
  WHERE p."id" = coalesce(e."user_id",
    (SELECT b."user_id" FROM "billing_customers" b WHERE b."customer_id" = e."customer_id"));
  IF who IS NOT NULL AND e."customer_id" IS NOT NULL THEN
    INSERT INTO "billing_customers" ("customer_id", "user_id", "provider") VALUES (e."customer_id", who, e."provider")
    ON CONFLICT DO NOTHING;
  END IF;

  IF e."billable" THEN
    INSERT INTO "billing_records" AS r ("id", "customer_id", "description", "amount", "currency", "status",
      "invoice_url", "occurred_at")
    VALUES (e."checkout_id", e."customer_id", e."bill_description", e."amount", e."currency", 'paid', NULL,
      e."occurred_at")
    ON CONFLICT ("id") DO UPDATE SET "status" = EXCLUDED."status";
  END IF;

  IF e."neonbits" > 0 AND who IS NOT NULL THEN
    PERFORM "ledger_grant"(who, 'neonbits', e."neonbits", e."reason", e."reference", e."description");
  END IF;
  RETURN 'applied';
END;
$$;
