-- What one subscription gives (product rules "Accounts and roles"): active or trialing → paid, until the period
-- end once cancelled at period end; past_due (a failed renewal) → paid until the period end, no longer;
-- anything else → not paid (paid = false, until = null).
CREATE OR REPLACE FUNCTION "subscription_access"(p_status text, p_cancel_at_period_end boolean, p_period_end timestamptz)
RETURNS TABLE ("paid" boolean, "until" timestamptz)
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_status IN ('active', 'trialing', 'past_due'),
    CASE
      WHEN p_status IN ('active', 'trialing') THEN CASE WHEN p_cancel_at_period_end THEN p_period_end END
      WHEN p_status = 'past_due' THEN p_period_end
    END
$$
