CREATE TABLE "vote_totals" (
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"ups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vote_totals_item_kind_item_id_pk" PRIMARY KEY("item_kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"user_id" text NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"value" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_item_kind_item_id_user_id_pk" PRIMARY KEY("item_kind","item_id","user_id"),
	CONSTRAINT "votes_kind_check" CHECK ("votes"."item_kind" in ('course', 'project', 'blog')),
	CONSTRAINT "votes_value_check" CHECK (("votes"."item_kind" = 'blog' and "votes"."value" in (-1, 1)) or ("votes"."item_kind" <> 'blog' and "votes"."value" between 1 and 5))
);
--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "votes_user_idx" ON "votes" USING btree ("user_id");--> statement-breakpoint
-- hand-written: vote_totals follows every change of votes (insert, a changed vote, a delete — also the
-- cascade of a deleted account), in the writer's transaction, so totals are exact under any concurrency.
CREATE OR REPLACE FUNCTION "vote_totals_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "vote_totals" SET "votes" = "votes" - 1, "total" = "total" - OLD."value",
      "ups" = "ups" - (CASE WHEN OLD."item_kind" = 'blog' AND OLD."value" > 0 THEN 1 ELSE 0 END)
    WHERE "item_kind" = OLD."item_kind" AND "item_id" = OLD."item_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "vote_totals" ("item_kind", "item_id", "votes", "total", "ups")
    VALUES (NEW."item_kind", NEW."item_id", 1, NEW."value", CASE WHEN NEW."item_kind" = 'blog' AND NEW."value" > 0 THEN 1 ELSE 0 END)
    ON CONFLICT ("item_kind", "item_id") DO UPDATE SET "votes" = "vote_totals"."votes" + 1,
      "total" = "vote_totals"."total" + EXCLUDED."total", "ups" = "vote_totals"."ups" + EXCLUDED."ups";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "votes_totals" AFTER INSERT OR DELETE OR UPDATE OF "value" ON "votes"
  FOR EACH ROW EXECUTE FUNCTION "vote_totals_sync"();
