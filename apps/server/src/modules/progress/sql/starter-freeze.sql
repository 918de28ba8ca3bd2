-- Every user starts with one free streak freeze. It is given once, with the user's first streak_freeze
-- balance: whatever gives, takes or shows freezes calls freeze_inventory first (the streak's actions, the
-- shop's purchase), and a read that must not write counts it with freezes_owned before it is given.
CREATE OR REPLACE FUNCTION "starter_freezes"() RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ SELECT 1 $$;

CREATE OR REPLACE FUNCTION "freezes_owned"(p_user text) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT coalesce("ledger_balance"(p_user, 'streak_freeze'), "starter_freezes"())
$$;

-- Gives the starter freeze when the user has no streak_freeze balance yet (once: a concurrent call's grant of
-- the same row writes nothing), and answers the freezes owned.
CREATE OR REPLACE FUNCTION "freeze_inventory"(p_user text) RETURNS integer
LANGUAGE plpgsql AS $$
BEGIN
  IF "ledger_balance"(p_user, 'streak_freeze') IS NULL THEN
    PERFORM "ledger_grant"(p_user, 'streak_freeze', "starter_freezes"(), 'starter_freeze', 'starter',
      'A free streak freeze to start with');
  END IF;
  RETURN coalesce("ledger_balance"(p_user, 'streak_freeze'), 0);
END
$$;
