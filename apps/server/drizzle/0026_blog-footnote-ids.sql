-- hand-written: blog HTML rendered while the sanitiser prefixed footnote ids a second time
-- ("user-content-user-content-fn-1") while their links point to "#user-content-fn-1"; the stored render is
-- mended in place (the pipeline now prefixes once, docs/decisions/025).
UPDATE "blogs"
SET "content_html" = replace("content_html", 'id="user-content-user-content-', 'id="user-content-')
WHERE "content_html" LIKE '%id="user-content-user-content-%';
