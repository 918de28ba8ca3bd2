-- A shop purchase as one statement, its own transaction (docs/decisions/032). p_purchase: {user_id, item_id, name,
-- price, effect, quantity, reason, description}: the item as the server's cached catalogue has it and the
-- ledger texts. The function reads the catalogue row itself and answers 'stale'
-- (nothing written) when it differs, or 'not_found' when the item is gone or off sale, so a purchase is always
-- charged what shop_items says. Then the charge through the ledger (ledger_spend: under the balance row's lock,
-- never overspending; not enough NeonBits: 'insufficient' and nothing written), the purchase row, and the effect:
-- freezes through the ledger (after the starter freeze, progress's freeze_inventory), or the
-- XP boost started or extended from its end. Answers the shop state (as getShopState reads it).
CREATE OR REPLACE FUNCTION "buy_shop_item"(p_purchase jsonb) RETURNS TABLE (
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
  want record;
  item record;
  charge record;
  bought integer;
  reference text;
BEGIN
  SELECT * INTO want FROM jsonb_to_record(p_purchase) AS w("user_id" text, "item_id" text, "name" text,
    "price" integer, "effect" text, "quantity" integer, "reason" text, "description" text);
  SELECT i."name", i."price", i."effect", i."quantity" INTO item
  FROM "shop_items" i WHERE i."id" = want."item_id" AND i."active";
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::integer, NULL::integer, NULL::integer, NULL::boolean, NULL::timestamptz;
    RETURN;
  END IF;
  IF (item."name", item."price", item."effect", item."quantity")
    IS DISTINCT FROM (want."name", want."price", want."effect", want."quantity") THEN
    RETURN QUERY SELECT 'stale'::text, NULL::integer, NULL::integer, NULL::integer, NULL::boolean, NULL::timestamptz;
    RETURN;
  END IF;

  -- The purchase's id is the charge's reference, and the purchase row is written only once the charge is.
  bought := nextval('shop_purchases_id_seq');
  reference := 'purchase:' || bought;
  SELECT s."status", s."balance" INTO charge
  FROM "ledger_spend"(want."user_id", 'neonbits', want."price", want."reason", reference, want."description") s;
  IF charge."status" = 'insufficient' THEN
    RETURN QUERY SELECT 'insufficient'::text, NULL::integer, charge."balance", NULL::integer, NULL::boolean,
      NULL::timestamptz;
    RETURN;
  END IF;
  IF charge."status" <> 'spent' THEN
    RAISE EXCEPTION 'buy_shop_item: purchase % was charged before', bought;
  END IF;
  INSERT INTO "shop_purchases" ("id", "user_id", "item_id", "price") VALUES (bought, want."user_id", want."item_id", want."price");

  IF want."effect" = 'streak_freeze' THEN
    PERFORM "freeze_inventory"(want."user_id");
    PERFORM "ledger_grant"(want."user_id", 'streak_freeze', want."quantity", want."reason", reference,
      want."description");
  ELSIF want."effect" = 'xp_boost' THEN
    INSERT INTO "xp_boosts" ("user_id", "ends_at") VALUES (want."user_id", now() + make_interval(mins => want."quantity"))
    ON CONFLICT ("user_id") DO UPDATE
      SET "ends_at" = greatest("xp_boosts"."ends_at", now()) + make_interval(mins => want."quantity");
  ELSE
    RAISE EXCEPTION 'buy_shop_item: unknown effect %', want."effect";
  END IF;

  RETURN QUERY SELECT 'done'::text, bought, charge."balance",
    "freezes_owned"(want."user_id"),
    coalesce((SELECT s."freeze_on" FROM "streaks" s WHERE s."user_id" = want."user_id"), false),
    (SELECT x."ends_at" FROM "xp_boosts" x WHERE x."user_id" = want."user_id" AND x."ends_at" > now());
END;
$$;
