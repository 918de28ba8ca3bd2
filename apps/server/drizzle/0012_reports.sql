CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" text,
	"kind" text NOT NULL,
	"lesson_id" integer,
	"cause" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_kind_check" CHECK ("reports"."kind" in ('app', 'lesson')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'in_review', 'resolved', 'dismissed')),
	CONSTRAINT "reports_lesson_check" CHECK (("reports"."kind" = 'lesson') = ("reports"."lesson_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_queue_idx" ON "reports" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "reports_queue_status_idx" ON "reports" USING btree ("kind","status","id");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","id");