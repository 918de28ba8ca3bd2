-- The one ledger (docs/decisions/007): every change of XP, NeonBits, streak freezes and the streak's history is
-- a row, written once per (user, kind, reason, reference) (the unique key ledger_once_uq): a repeat writes
-- nothing and moves nothing. A balance moves in the same transaction as its row, and only when the row is new:
-- XP's running total is profiles.xp (where the rank reads it), NeonBits' and streak freezes' a row of
-- ledger_balances, which never goes below 0. The server calls these through ledger/service.ts; the shop's and
-- the payments' functions call them inside their own.

-- The row once; true when it is new. Moves no balance: alone, only for the streak's history (kind streak).
CREATE OR REPLACE FUNCTION "ledger_row_once"(p_user text, p_kind text, p_amount integer, p_reason text,
  p_reference text, p_description text) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  written integer;
BEGIN
  INSERT INTO "ledger" ("user_id", "kind", "amount", "reason", "reference", "description")
  VALUES (p_user, p_kind, p_amount, p_reason, p_reference, p_description)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written > 0;
END
$$;

-- Adds a positive amount of a balance kind once per reference: the row, then the balance. False when that
-- grant exists already (nothing moved).
CREATE OR REPLACE FUNCTION "ledger_grant"(p_user text, p_kind text, p_amount integer, p_reason text,
  p_reference text, p_description text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF p_kind IS NULL OR p_kind NOT IN ('xp', 'neonbits', 'streak_freeze') THEN
    RAISE EXCEPTION 'ledger_grant: % is not a balance kind', p_kind;
  END IF;
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'a % grant needs a positive amount', p_kind;
  END IF;
  IF NOT "ledger_row_once"(p_user, p_kind, p_amount, p_reason, p_reference, p_description) THEN
    RETURN false;
  END IF;
  IF p_kind = 'xp' THEN
    UPDATE "profiles" SET "xp" = "xp" + p_amount WHERE "id" = p_user;
  ELSE
    INSERT INTO "ledger_balances" ("user_id", "kind", "balance") VALUES (p_user, p_kind, p_amount)
    ON CONFLICT ("user_id", "kind") DO UPDATE SET "balance" = "ledger_balances"."balance" + EXCLUDED."balance";
  END IF;
  RETURN true;
END
$$;

-- Takes a positive amount of NeonBits or streak freezes once per reference. The UPDATE takes the balance row's
-- lock and the amount in one step, only if the balance covers it: a concurrent spend of the user waits for the
-- lock and PostgreSQL checks the balance again on the row version it then sees, so spends run one after
-- another and never overspend. status: 'spent' (balance: what is left), 'insufficient' (nothing written;
-- balance: what there is, 0 when the user never had any) or 'duplicate' (spent before under this reference:
-- the amount goes back; balance: unchanged).
CREATE OR REPLACE FUNCTION "ledger_spend"(p_user text, p_kind text, p_amount integer, p_reason text,
  p_reference text, p_description text, OUT "status" text, OUT "balance" integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  IF p_kind IS NULL OR p_kind NOT IN ('neonbits', 'streak_freeze') THEN
    RAISE EXCEPTION 'ledger_spend: % is not a stored balance kind', p_kind;
  END IF;
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'a % spend needs a positive amount', p_kind;
  END IF;
  UPDATE "ledger_balances" b SET "balance" = b."balance" - p_amount
  WHERE b."user_id" = p_user AND b."kind" = p_kind AND b."balance" >= p_amount
  RETURNING b."balance" INTO "balance";
  IF NOT FOUND THEN
    "status" := 'insufficient';
    "balance" := coalesce(
      (SELECT b."balance" FROM "ledger_balances" b WHERE b."user_id" = p_user AND b."kind" = p_kind), 0);
    RETURN;
  END IF;
  IF "ledger_row_once"(p_user, p_kind, -p_amount, p_reason, p_reference, p_description) THEN
    "status" := 'spent';
    RETURN;
  END IF;
  UPDATE "ledger_balances" b SET "balance" = b."balance" + p_amount
  WHERE b."user_id" = p_user AND b."kind" = p_kind
  RETURNING b."balance" INTO "balance";
  "status" := 'duplicate';
END
$$;

-- NeonBits given once per (user, reason, reference): ledger_grant of kind neonbits (a lesson completion's
-- chapter and course NeonBits call it by this name).
CREATE OR REPLACE FUNCTION "grant_neonbits_once"(p_user text, p_amount integer, p_reason text, p_reference text,
  p_description text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  RETURN "ledger_grant"(p_user, 'neonbits', p_amount, p_reason, p_reference, p_description);
END
$$;

-- A stored kind's balance (neonbits, streak_freeze), or NULL when the user never had that balance.
CREATE OR REPLACE FUNCTION "ledger_balance"(p_user text, p_kind text) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT b."balance" FROM "ledger_balances" b WHERE b."user_id" = p_user AND b."kind" = p_kind
$$;
