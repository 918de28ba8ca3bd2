// The blogs part of `npm run bench -- scale`: published blogs up to 100k (the scale target; the larger
// size steps keep 100k), each with ~120 words of text from a 10,000-token vocabulary (one token is in ~1.2 % of
// blogs), a category of the seeded 8, a score and views. Measured: the newest page, the top-voted page, a
// full-text search (ranked), the same search filtered by a category and a date range, and a blog by slug.
import type pg from "pg";

export const BLOG_CAP = 100_000;
const WORDS = 120;
const VOCABULARY = 10_000;
/** The searched word and a category: about 1.2 % of blogs hold the word, an eighth of those the category. */
const WORD = "lex4242";
const CATEGORY = 3;

export const BLOG_ROUTES = [
  { id: "blogs newest page", url: "/api/blogs", signedIn: false },
  { id: "blogs top voted page", url: "/api/blogs?sort=top", signedIn: false },
  { id: "blogs search (ranked)", url: `/api/blogs?search=${WORD}`, signedIn: false },
  {
    id: "blogs search+category+dates",
    url: `/api/blogs?search=${WORD}&blogCategoryId=${CATEGORY}&from=2000-01-01&to=2100-01-01&sort=newest`,
    signedIn: false,
  },
  { id: "blog by slug", url: "/api/blogs/slug/bench-blog-777", signedIn: false },
];

/** Published blogs from..to (capped at BLOG_CAP), authors among the first `users` seeded users. */
export async function seedBlogRange(client: pg.Client, from: number, to: number, users: number) {
  const last = Math.min(to, BLOG_CAP);
  if (from > last) return;
  const r = (salt: string) => `((hashint4(g * 7919 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;
  const word = `'lex' || (1 + (hashint4(g * 131 + k) & 2147483647) % ${VOCABULARY})`;
  await client.query(`insert into blogs (id, author_id, slug, title, summary, content, content_html, status,
      category_id, tags, reading_minutes, views, score, published_at, created_at, updated_at)
    select g, 'scale-' || (1 + (hashint4(g + 23) & 2147483647) % ${users}), 'bench-blog-' || g,
      'Bench blog ' || g || ' about ' || ${word.replace(/k\)/, "1)")}, 'A summary of bench blog ' || g, t.text,
      '<p>' || t.text || '</p>', 'published', 1 + g % 8, array['bench'], 1,
      floor(${r("1")} * 5000)::int, floor(${r("2")} * 200)::int - 50,
      now() - interval '1 minute' * g, now() - interval '1 minute' * g, now() - interval '1 minute' * g
    from generate_series(${from}, ${last}) g,
      lateral (select string_agg(${word}, ' ') as text from generate_series(1, ${WORDS}) k) t`);
}

/** After the bulk load: the id sequence past the seeded ids (a blog written later gets a fresh id). */
export async function fixBlogSequence(client: pg.Client) {
  await client.query("select setval(pg_get_serial_sequence('blogs', 'id'), greatest((select max(id) from blogs), 1))");
}
