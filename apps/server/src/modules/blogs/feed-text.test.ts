import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-app.ts";
import { uniqueEmail } from "../../test/users.ts";
import { users } from "../identity/accounts/schema.ts";
import { profiles } from "../identity/profiles/schema.ts";
import { xmlEscape } from "./feeds.ts";
import { blogs } from "./schema.ts";
import { callAs, createAuthor, firstCategoryId, LONG_TEXT, publishedBlog } from "./test-helpers.ts";

// Control characters and other text XML 1.0 can not carry (product rules notes "Control characters in text"):
// the API refuses them in titles and display names, and the Atom feed stays well-formed whatever the rows hold.

/** What XML 1.0 allows (its production `Char`); everything else must be left out of the feed. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const xmlText = (value: string) => value.replace(NOT_XML_CHAR, "");

const HOSTILE = [
  "Ctrl \u0001\u000b\u001f char \ufffe",
  "Bell \u0007 and escape \u001b[31m red",
  "Nonchar \uffff end",
  "Lone \ud800 high",
  "Lone \udfff low",
  "Delete \u007f and C1 \u0085",
  "Tab\tinside",
  "Line\nbreak",
];

/** The feed parsed by a strict XML parser (it throws on anything not well-formed): each entry's texts. */
function parseFeed(xml: string) {
  const parser = new SaxesParser({ xmlns: true });
  const entries: Record<string, string>[] = [];
  const path: string[] = [];
  parser.on("opentag", (tag) => {
    path.push(tag.local);
    if (tag.local === "entry") entries.push({});
  });
  parser.on("closetag", () => path.pop());
  parser.on("text", (text) => {
    const entry = entries.at(-1);
    const where = path.slice(path.lastIndexOf("entry") + 1).join("/");
    if (entry && path.includes("entry")) entry[where] = (entry[where] ?? "") + text;
  });
  parser.write(xml).close();
  return entries;
}

describe("blog text with control characters", async () => {
  const app = await createTestApp();
  const call = callAs(app);
  const db = app.ctx.db;
  const authorName = `Ada <&> "Q" 'A' ]]> 😀 \u200fשלום\u200e`;
  const author = await createAuthor(app, { displayName: authorName });
  const moderator = await createAuthor(app, { displayName: "Mo Derator", moderator: true });

  it("refuses a hostile blog title (new or saved), summary or tag with 400 and writes nothing", async () => {
    const before = await db.select({ n: count() }).from(blogs).where(eq(blogs.authorId, author.id));
    for (const title of HOSTILE) {
      const created = await call(author, "POST", "/api/blogs", { title });
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json().message).toBe("title: The title must not contain control characters");
    }
    expect(await db.select({ n: count() }).from(blogs).where(eq(blogs.authorId, author.id))).toEqual(before);

    const draft = await call(author, "POST", "/api/blogs", { title: "Clean title" });
    const id = draft.json().id as number;
    const fields = { title: "Clean title", summary: "", content: LONG_TEXT, blogCategoryId: null, tags: [] };
    for (const title of HOSTILE) {
      const saved = await call(author, "PUT", `/api/blogs/${id}`, { ...fields, title });
      expect(saved.statusCode, saved.body).toBe(400);
      expect(saved.json().message).toBe("title: The title must not contain control characters");
    }
    const summary = await call(author, "PUT", `/api/blogs/${id}`, { ...fields, summary: "Sum \u0001 mary" });
    expect(summary.json().message).toBe("summary: The summary must not contain control characters");
    const tag = await call(author, "PUT", `/api/blogs/${id}`, { ...fields, tags: ["ok", "t\u001bg"] });
    expect(tag.json().message).toBe("tags.1: A tag must not contain control characters");
    const edit = await call(author, "GET", `/api/blogs/${id}/edit`);
    expect(edit.json()).toMatchObject({ title: "Clean title", summary: "", tags: [] });
  });

  it("refuses a hostile display name at sign-up and in the profile with 400 and writes nothing", async () => {
    for (const name of HOSTILE) {
      const email = uniqueEmail("ctrl");
      const signUp = await app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: { email, password: "correct-horse-battery", name },
      });
      expect(signUp.statusCode, signUp.body).toBe(400);
      expect(signUp.json().message).toBe("name: Display name must not contain control characters");
      expect(await db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);

      const put = await call(author, "PUT", "/api/profile", { display_name: name });
      expect(put.statusCode, put.body).toBe(400);
      expect(put.json().message).toBe("display_name: Display name must not contain control characters");
    }
    const [row] = await db.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, author.id));
    expect(row?.name).toBe(authorName);
  });

  it("escapes markup and leaves out every character XML 1.0 forbids, lone surrogates included", () => {
    expect(xmlEscape(`a<b>&"c"'d']]>`)).toBe("a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;]]&gt;");
    expect(xmlEscape("x\u0000\ud800\u0001\u000b\u001f\udfff\ufffe\uffffy")).toBe("xy");
    expect(xmlEscape("😀 \u200f \u0085 \t\n")).toBe("😀 \u200f \u0085 \t\n");
    expect(xmlEscape("a\r\nb")).toBe("a&#13;\nb");
  });

  it("serves a well-formed Atom feed whatever the titles, summaries and author names hold", async () => {
    // Through the API: everything it accepts, markup characters, emoji, RTL marks and line breaks in the summary.
    const friendlyTitle = `Tags <b> & "quotes" 'apos' ]]> 😀 \u200fRTL\u200e`;
    const friendlySummary = "Summary with <, &, >, ]]>, \"q\", 'a', 🚀\nand a new line,\ta tab\r\nand CRLF";
    const friendly = await publishedBlog(app, author, moderator, { title: friendlyTitle, summary: friendlySummary });

    // Old rows the API would refuse now: written straight to the database, by an author with a hostile name.
    const old = await createAuthor(app, { displayName: "Old Timer" });
    const oldName = 'Eve \u0007\u001b[1m <admin> & "co" \ufffe\uffff \u0085';
    await db.update(profiles).set({ displayName: oldName }).where(eq(profiles.id, old.id));
    const categoryId = await firstCategoryId(app);
    const inserted = await db
      .insert(blogs)
      .values(
        HOSTILE.map((title, i) => ({
          authorId: old.id,
          title,
          slug: `hostile-${i}-${randomUUID()}`,
          summary: i % 2 ? `${title} as a summary \u0008\u000c` : "",
          content: `${LONG_TEXT} ${title}`,
          status: "published" as const,
          categoryId,
          publishedAt: new Date(Date.now() - 1000 * (i + 1)),
        })),
      )
      .returning();

    const feed = await app.inject("/blogs/feed.xml");
    expect(feed.statusCode).toBe(200);
    const entries = parseFeed(feed.body);
    expect(feed.body).not.toMatch(NOT_XML_CHAR);

    const byTitle = (title: string) => entries.find((e) => e.title === xmlText(title));
    expect(byTitle(friendlyTitle)).toMatchObject({ summary: friendlySummary, "author/name": authorName });
    expect(friendly.status).toBe("published");
    for (const row of inserted) {
      const entry = byTitle(row.title);
      expect(entry, row.title).toBeDefined();
      expect(entry!["author/name"]).toBe(xmlText(oldName));
      if (row.summary) expect(entry!.summary).toBe(xmlText(row.summary));
      else expect(entry!.summary).toContain(LONG_TEXT);
    }
  });
});
