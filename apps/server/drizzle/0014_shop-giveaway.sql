CREATE TABLE "xp_boosts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_items" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price" integer NOT NULL,
	"effect" text NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "shop_items_price_positive" CHECK ("shop_items"."price" > 0),
	CONSTRAINT "shop_items_quantity_positive" CHECK ("shop_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giveaway_entries" (
	"round_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"ticket" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giveaway_entries_round_id_user_id_pk" PRIMARY KEY("round_id","user_id"),
	CONSTRAINT "giveaway_entries_ticket_uq" UNIQUE("round_id","ticket")
);
--> statement-breakpoint
CREATE TABLE "giveaway_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"prize" integer NOT NULL,
	"winners" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"repeat_days" integer,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"entries_hash" text,
	"entry_count" integer,
	"drawn_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giveaway_rounds_prize_positive" CHECK ("giveaway_rounds"."prize" > 0),
	CONSTRAINT "giveaway_rounds_winners_positive" CHECK ("giveaway_rounds"."winners" > 0),
	CONSTRAINT "giveaway_rounds_span" CHECK ("giveaway_rounds"."ends_at" > "giveaway_rounds"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "giveaway_winners" (
	"round_id" integer NOT NULL,
	"position" integer NOT NULL,
	"ticket" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giveaway_winners_round_id_position_pk" PRIMARY KEY("round_id","position")
);
--> statement-breakpoint
ALTER TABLE "xp_boosts" ADD CONSTRAINT "xp_boosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_purchases" ADD CONSTRAINT "shop_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_round_id_giveaway_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."giveaway_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_rounds" ADD CONSTRAINT "giveaway_rounds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_winners" ADD CONSTRAINT "giveaway_winners_round_id_giveaway_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."giveaway_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_winners" ADD CONSTRAINT "giveaway_winners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_purchases_user_idx" ON "shop_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "giveaway_rounds_ends_idx" ON "giveaway_rounds" USING btree ("ends_at","id");--> statement-breakpoint
-- hand-written: the shop's catalogue (product rules, "NeonBits and the shop"); a later price change is an UPDATE.
INSERT INTO "shop_items" ("id", "name", "description", "price", "effect", "quantity", "position") VALUES
  ('streak_freeze', 'Streak Freeze', 'Covers one missed day: put it on your streak and a day without a lesson does not break it.', 150, 'streak_freeze', 1, 1),
  ('xp_boost_1h', 'XP Boost (1 hour)', 'Doubles the XP you earn for one hour from the purchase. Buying another adds an hour.', 250, 'xp_boost', 60, 2),
  ('streak_freeze_x3', 'Streak Freeze x3', 'Three streak freezes at once, 50 NeonBits less than buying them one by one.', 400, 'streak_freeze', 3, 3)
ON CONFLICT ("id") DO NOTHING;
