CREATE TABLE "learner_presence" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"seen_before_visit" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "learner_presence" ADD CONSTRAINT "learner_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;