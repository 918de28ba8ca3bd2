CREATE TABLE "blog_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blog_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "blog_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"blog_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"variants" jsonb NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"blog_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_views" (
	"blog_id" integer NOT NULL,
	"viewer" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "blog_views_blog_id_viewer_day_pk" PRIMARY KEY("blog_id","viewer","day")
);
--> statement-breakpoint
CREATE TABLE "blogs" (
	"id" serial PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"content_html" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"category_id" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover_image_id" integer,
	"reading_minutes" integer DEFAULT 1 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"rejection_reason" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(summary, '')), 'B') || setweight(to_tsvector('english', coalesce(content, '')), 'C')) STORED NOT NULL,
	CONSTRAINT "blogs_slug_unique" UNIQUE("slug"),
	CONSTRAINT "blogs_status_check" CHECK ("blogs"."status" in ('draft', 'pending', 'published'))
);
--> statement-breakpoint
ALTER TABLE "blog_images" ADD CONSTRAINT "blog_images_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_images" ADD CONSTRAINT "blog_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_slugs" ADD CONSTRAINT "blog_slugs_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_views" ADD CONSTRAINT "blog_views_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_category_id_blog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."blog_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_cover_image_id_blog_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."blog_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_images_blog_idx" ON "blog_images" USING btree ("blog_id");--> statement-breakpoint
CREATE INDEX "blog_images_user_idx" ON "blog_images" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "blog_slugs_blog_idx" ON "blog_slugs" USING btree ("blog_id");--> statement-breakpoint
CREATE INDEX "blog_views_day_idx" ON "blog_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "blogs_published_idx" ON "blogs" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "blogs"."status" = 'published';--> statement-breakpoint
CREATE INDEX "blogs_published_score_idx" ON "blogs" USING btree ("score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "blogs"."status" = 'published';--> statement-breakpoint
CREATE INDEX "blogs_published_views_idx" ON "blogs" USING btree ("views" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "blogs"."status" = 'published';--> statement-breakpoint
CREATE INDEX "blogs_category_idx" ON "blogs" USING btree ("category_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "blogs"."status" = 'published';--> statement-breakpoint
CREATE INDEX "blogs_pending_idx" ON "blogs" USING btree ("updated_at","id") WHERE "blogs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "blogs_author_idx" ON "blogs" USING btree ("author_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blogs_search_idx" ON "blogs" USING gin ("search");--> statement-breakpoint
-- hand-written: the blog categories an author chooses from (docs/decisions/025).
INSERT INTO "blog_categories" ("slug", "name", "description", "position") VALUES
  ('typescript', 'TypeScript', 'The language, its type system and its tooling.', 1),
  ('javascript', 'JavaScript', 'The language of the web, in the browser and on the server.', 2),
  ('web-development', 'Web development', 'HTML, CSS, browsers, frameworks and the craft of building for the web.', 3),
  ('backend', 'Backend and APIs', 'Servers, databases, APIs and how they fit together.', 4),
  ('security', 'Security', 'Keeping code, data and people safe: attacks, defences, practice.', 5),
  ('devops', 'DevOps and tooling', 'Builds, tests, deployment, editors and the tools around code.', 6),
  ('career', 'Career and learning', 'Learning to code, finding work, growing as a developer.', 7),
  ('projects', 'Project stories', 'What someone built, how, and what they learned.', 8)
ON CONFLICT ("slug") DO NOTHING;
