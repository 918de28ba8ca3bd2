CREATE TABLE "hack_previous_slugs" (
	"user_id" text NOT NULL,
	"slug" text NOT NULL,
	"hack_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"files" jsonb NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"forked_from_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hack_previous_slugs" ADD CONSTRAINT "hack_previous_slugs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hack_previous_slugs" ADD CONSTRAINT "hack_previous_slugs_hack_id_hacks_id_fk" FOREIGN KEY ("hack_id") REFERENCES "public"."hacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hacks" ADD CONSTRAINT "hacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hack_previous_slugs_user_slug_idx" ON "hack_previous_slugs" USING btree ("user_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "hacks_user_slug_idx" ON "hacks" USING btree ("user_id","slug");--> statement-breakpoint
CREATE INDEX "hacks_user_recent_idx" ON "hacks" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "hacks_listed_idx" ON "hacks" USING btree ("updated_at") WHERE "hacks"."listed";