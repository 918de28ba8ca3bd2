CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_content" (
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_content_kind_ref_pk" PRIMARY KEY("kind","ref"),
	CONSTRAINT "demo_content_kind_check" CHECK ("demo_content"."kind" in ('account', 'blog', 'hack', 'giveaway-round'))
);
