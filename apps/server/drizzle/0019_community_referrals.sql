CREATE TABLE "referral_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"inviter_id" text NOT NULL,
	"email" text NOT NULL,
	"code" text NOT NULL,
	"invitee_id" text,
	"sent_count" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"invite_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_invites" ADD CONSTRAINT "referral_invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_invites" ADD CONSTRAINT "referral_invites_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_sends" ADD CONSTRAINT "referral_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_sends" ADD CONSTRAINT "referral_sends_invite_id_referral_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."referral_invites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_invites_code_idx" ON "referral_invites" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_invites_invitee_idx" ON "referral_invites" USING btree ("invitee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_invites_inviter_email_idx" ON "referral_invites" USING btree ("inviter_id","email");--> statement-breakpoint
CREATE INDEX "referral_invites_email_idx" ON "referral_invites" USING btree ("email");--> statement-breakpoint
CREATE INDEX "referral_sends_user_idx" ON "referral_sends" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "connections_sender_since_idx" ON "connections" USING btree ("sender_id","status","accepted_at","id");--> statement-breakpoint
CREATE INDEX "connections_receiver_since_idx" ON "connections" USING btree ("receiver_id","status","accepted_at","id");