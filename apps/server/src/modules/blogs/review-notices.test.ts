import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BLOG_MESSAGES } from "@neonlab/shared/schemas/blogs";
import { setRoleCommand } from "../../cli/admin.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { notificationCounters, notifications } from "../notifications/schema.ts";
import { callAs, createAuthor, writeBlog } from "./test-helpers.ts";

// Staff and blogs (product rules "Blogs" as amended in docs/product-rules-notes.md): moderators and admins write
// without Pro, and hear of every blog sent for review (one notice of a blog an hour, like every notification),
// which goes once the blog is reviewed or taken back.

describe("blogs and the staff", async () => {
  const app = await createTestApp();
  const call = callAs(app);
  const db = app.ctx.db;
  const staff = async (displayName: string, role: "moderator" | "admin") => {
    const user = await createUser(app, { displayName });
    await setRoleCommand(
      { db, transaction: app.ctx.transaction, auth: await app.ctx.auth.ready() },
      { email: user.email, role },
    );
    app.ctx.sessions.forgetUser(user.id);
    return user;
  };
  // Neither has Pro nor access given by an admin.
  const moderator = await staff("Mona Moderator", "moderator");
  const admin = await staff("Adam Admin", "admin");
  const author = await createAuthor(app, { displayName: "Ada Author" });
  const reader = await createUser(app, { displayName: "Rita Reader" });

  const reviewNotices = (user: TestUser, blogId: number) =>
    db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, user.id),
          eq(notifications.kind, "blog_submitted"),
          eq(notifications.subject, `blog:${blogId}`),
        ),
      );
  const unread = async (user: TestUser) =>
    (await call(user, "GET", "/api/notifications/unread-count")).json().unread as number;

  it("lets a moderator without Pro write and publish at once; users still need Pro", async () => {
    const refused = await call(reader, "POST", "/api/blogs", {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BLOG_MESSAGES.needsAccess);

    const own = await writeBlog(app, moderator, { title: "Notes from the review desk" });
    const edit = await call(moderator, "GET", `/api/blogs/${own.id}/edit`);
    expect(edit.json()).toMatchObject({ canEdit: true, status: "draft" });
    const published = await call(moderator, "PATCH", `/api/blogs/${own.id}/publish`);
    expect(published.json()).toMatchObject({ status: "published" });
    // A moderator's own blog is never in the queue, so no one is told of it.
    expect(await reviewNotices(admin, own.id)).toHaveLength(0);
  });

  it("tells every staff account of a blog sent for review, with its title and the queue's link", async () => {
    const blog = await writeBlog(app, author, { title: "Pattern matching in practice" });
    const before = { moderator: await unread(moderator), admin: await unread(admin) };
    expect((await call(author, "PATCH", `/api/blogs/${blog.id}/publish`)).json().status).toBe("pending");

    for (const user of [moderator, admin]) {
      const list = (await call(user, "GET", "/api/notifications")).json();
      const notice = list.items.find(
        (n: { kind: string; data: { blog_id?: number } }) => n.kind === "blog_submitted" && n.data.blog_id === blog.id,
      );
      expect(notice).toMatchObject({
        read: false,
        actor: { display_name: "Ada Author" },
        data: {
          blog_id: blog.id,
          title: "Pattern matching in practice",
          subject_title: "Pattern matching in practice",
          link: "/blogs/my-blogs#review-queue",
        },
      });
    }
    expect(await unread(moderator)).toBe(before.moderator + 1);
    expect(await unread(admin)).toBe(before.admin + 1);
    // Not the author, not a user.
    expect(await reviewNotices(author, blog.id)).toHaveLength(0);
    expect(await reviewNotices(reader, blog.id)).toHaveLength(0);
  });

  it("keeps to one notice of a blog an hour, and removes the notices once the blog is taken back or reviewed", async () => {
    const blog = await writeBlog(app, author, { title: "Sent twice in an hour" });
    const publish = () => call(author, "PATCH", `/api/blogs/${blog.id}/publish`);
    const unpublish = () => call(author, "PATCH", `/api/blogs/${blog.id}/unpublish`);
    await publish();
    expect(await reviewNotices(moderator, blog.id)).toHaveLength(1);
    const before = await unread(moderator);

    // Taken back before review: the notice no longer holds, for every staff account; the counters follow.
    await unpublish();
    expect(await reviewNotices(moderator, blog.id)).toHaveLength(0);
    expect(await reviewNotices(admin, blog.id)).toHaveLength(0);
    expect(await unread(moderator)).toBe(before - 1);

    // Sent again within the hour: the cap (one of a kind about the same thing an hour) holds it back.
    await publish();
    expect(await reviewNotices(moderator, blog.id)).toHaveLength(0);

    // An hour later it is news again; then a moderator approves it and every staff notice of it goes.
    await unpublish();
    await db.execute(
      sql`update notification_throttle set last_at = now() - interval '61 minutes' where subject = ${`blog:${blog.id}`}`,
    );
    await publish();
    expect(await reviewNotices(moderator, blog.id)).toHaveLength(1);
    expect(await reviewNotices(admin, blog.id)).toHaveLength(1);
    expect((await call(moderator, "PATCH", `/api/blogs/${blog.id}/approve`)).json().status).toBe("published");
    expect(await reviewNotices(moderator, blog.id)).toHaveLength(0);
    expect(await reviewNotices(admin, blog.id)).toHaveLength(0);

    // The author hears of the approval: the blog's title and its link.
    const mine = (await call(author, "GET", "/api/notifications")).json();
    const approved = mine.items.find((n: { kind: string }) => n.kind === "blog_approved");
    const slug = (await call(author, "GET", `/api/blogs/${blog.id}/edit`)).json().slug;
    expect(approved.data).toMatchObject({ subject_title: "Sent twice in an hour", link: `/blogs/${slug}` });

    // The exact totals still match the rows.
    for (const user of [moderator, admin]) {
      const [counter] = await db.select().from(notificationCounters).where(eq(notificationCounters.userId, user.id));
      const rows = await db.select().from(notifications).where(eq(notifications.userId, user.id));
      expect(counter).toMatchObject({ total: rows.length, unread: rows.filter((n) => !n.read).length });
    }
  });

  it("a rejection removes the staff notices too and tells the author, linking to the editor", async () => {
    const blog = await writeBlog(app, author, { title: "Needs another pass" });
    await call(author, "PATCH", `/api/blogs/${blog.id}/publish`);
    expect(await reviewNotices(admin, blog.id)).toHaveLength(1);
    await call(admin, "PATCH", `/api/blogs/${blog.id}/reject`, { reason: "Please add a worked example." });
    expect(await reviewNotices(admin, blog.id)).toHaveLength(0);
    expect(await reviewNotices(moderator, blog.id)).toHaveLength(0);
    const mine = (await call(author, "GET", "/api/notifications")).json();
    const rejected = mine.items.find(
      (n: { kind: string; data: { blog_id?: number } }) => n.kind === "blog_rejected" && n.data.blog_id === blog.id,
    );
    expect(rejected.data).toMatchObject({
      subject_title: "Needs another pass",
      reason: "Please add a worked example.",
      link: `/blogs/${blog.id}/edit`,
    });
  });

  it("a staff member who switched the kind off is not told", async () => {
    const quiet = await staff("Quiet Moderator", "moderator");
    await call(quiet, "PUT", "/api/notifications/preferences", { paused: false, disabled: ["blog_submitted"] });
    const blog = await writeBlog(app, author, { title: "For the others only" });
    await call(author, "PATCH", `/api/blogs/${blog.id}/publish`);
    expect(await reviewNotices(quiet, blog.id)).toHaveLength(0);
    expect(await reviewNotices(moderator, blog.id)).toHaveLength(1);
  });
});
