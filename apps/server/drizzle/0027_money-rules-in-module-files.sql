-- hand-written: the money rules now live in their modules' SQL files (docs/decisions/032 and 038), each taking one
-- jsonb argument instead of 11 to 15 positional ones. These are the signatures 0018 created; the files create the
-- new ones on the same start.
DROP FUNCTION "buy_shop_item"(text, text, text, integer, text, integer, text, text, integer, text, text, text);--> statement-breakpoint
DROP FUNCTION "apply_subscription_event"(text, text, text, text, text, text, text, text, boolean, timestamptz, bigint);--> statement-breakpoint
DROP FUNCTION "apply_checkout_event"(text, text, text, text, text, text, boolean, text, integer, text, timestamptz, integer,
  text, text, text);
