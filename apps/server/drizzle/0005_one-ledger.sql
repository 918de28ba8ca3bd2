-- One ledger (docs/decisions/007): xp_events, neonbits_ledger and streak_events were the same shape written
-- three times. Their rows move into "ledger" (kind xp, neonbits, streak), the streak freeze inventory becomes
-- ledger rows of kind streak_freeze, and the running totals of neonbits and streak_freeze are kept in
-- "ledger_balances" (XP's stays profiles.xp, which the rank aggregates of 0004 read).
CREATE TABLE "ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_once_uq" UNIQUE("user_id","kind","reason","reference"),
	CONSTRAINT "ledger_kind_check" CHECK ("ledger"."kind" in ('xp', 'neonbits', 'streak_freeze', 'streak'))
);
--> statement-breakpoint
CREATE TABLE "ledger_balances" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_balances_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "ledger_balances_non_negative" CHECK ("ledger_balances"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger" USING btree ("user_id","created_at","id");
--> statement-breakpoint
-- Old rows, oldest first. Streak events had no reference: their old id is one.
INSERT INTO "ledger" ("user_id", "kind", "amount", "reason", "reference", "description", "created_at")
SELECT "user_id", "kind", "amount", "reason", "reference", "description", "created_at" FROM (
  SELECT "user_id", 'xp' AS "kind", "amount", "reason", "reference", "description", "created_at", 0 AS "source", "id"
  FROM "xp_events"
  UNION ALL
  SELECT "user_id", 'neonbits', "amount", "reason", "reference", "description", "created_at", 1, "id"
  FROM "neonbits_ledger"
  UNION ALL
  SELECT "user_id", 'streak', "amount", "reason", 'streak-event:' || "id", "description", "created_at", 2, "id"
  FROM "streak_events"
) AS "old"
ORDER BY "created_at", "source", "id";--> statement-breakpoint
-- A freeze inventory row started at the one free freeze; what it is now differs by what happened since.
INSERT INTO "ledger" ("user_id", "kind", "amount", "reason", "reference", "description", "created_at")
SELECT "user_id", 'streak_freeze', 1, 'starter_freeze', 'starter', 'A free streak freeze to start with', "updated_at"
FROM "streak_freeze_inventory";--> statement-breakpoint
INSERT INTO "ledger" ("user_id", "kind", "amount", "reason", "reference", "description", "created_at")
SELECT "user_id", 'streak_freeze', "count" - 1, 'inventory_carried_over', 'one-ledger',
  'Streak freezes put on, used or taken back before the one ledger', "updated_at"
FROM "streak_freeze_inventory" WHERE "count" <> 1;--> statement-breakpoint
-- Balances are the ledger's sums.
INSERT INTO "ledger_balances" ("user_id", "kind", "balance")
SELECT "user_id", "kind", sum("amount")::int FROM "ledger" WHERE "kind" IN ('neonbits', 'streak_freeze') GROUP BY 1, 2;
--> statement-breakpoint
DROP TABLE "neonbits_balances" CASCADE;--> statement-breakpoint
DROP TABLE "neonbits_ledger" CASCADE;--> statement-breakpoint
DROP TABLE "streak_events" CASCADE;--> statement-breakpoint
DROP TABLE "streak_freeze_inventory" CASCADE;--> statement-breakpoint
-- Dropping xp_events dropped its trigger (0004); XP rows of the ledger keep xp_weekly now. Created after the
-- copy above, whose XP is in xp_weekly already.
DROP TABLE "xp_events" CASCADE;--> statement-breakpoint
CREATE TRIGGER "ledger_xp_weekly" AFTER INSERT ON "ledger"
  FOR EACH ROW WHEN (NEW."kind" = 'xp') EXECUTE FUNCTION "xp_weekly_add"();
