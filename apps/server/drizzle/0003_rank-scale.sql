CREATE TABLE "xp_totals_histogram" (
	"xp" integer PRIMARY KEY NOT NULL,
	"users" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xp_weekly" (
	"user_id" text NOT NULL,
	"week_start" date NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "xp_weekly_user_id_week_start_pk" PRIMARY KEY("user_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "xp_weekly_histogram" (
	"week_start" date NOT NULL,
	"xp" integer NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "xp_weekly_histogram_week_start_xp_pk" PRIMARY KEY("week_start","xp")
);
--> statement-breakpoint
DROP INDEX "xp_events_created_at_idx";--> statement-breakpoint
DROP INDEX "neonbits_ledger_user_idx";--> statement-breakpoint
DROP INDEX "streak_events_user_idx";--> statement-breakpoint
DROP INDEX "user_activities_user_idx";--> statement-breakpoint
ALTER TABLE "xp_weekly" ADD CONSTRAINT "xp_weekly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "xp_weekly_board_idx" ON "xp_weekly" USING btree ("week_start","xp","user_id");--> statement-breakpoint
CREATE INDEX "xp_events_user_idx" ON "xp_events" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "neonbits_ledger_user_idx" ON "neonbits_ledger" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "streak_events_user_idx" ON "streak_events" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "user_activities_user_idx" ON "user_activities" USING btree ("user_id","created_at","id");