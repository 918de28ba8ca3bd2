import { createGiveawaySchema } from "@neonlab/shared/schemas/giveaway";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { listCategories } from "../modules/blogs/queries.ts";
import { createBlog, deleteBlog, publishBlog, reviewBlog, updateBlog, type Writer } from "../modules/blogs/service.ts";
import { mediaStorage } from "../modules/blogs/storage.ts";
import { removeKeys, storeImages } from "../modules/blogs/uploads.ts";
import { createHack, deleteHack } from "../modules/hacks/service.ts";
import { createAccountWithoutSignIn } from "../modules/identity/profiles/no-sign-in.ts";
import { setAccessGranted, updateProfile } from "../modules/identity/profiles/service.ts";
import { deleteAccount } from "../modules/identity/users/service.ts";
import { savePreferences } from "../modules/notifications/service.ts";
import { createRound, deleteUndrawnRounds } from "../modules/shop/giveaway/service.ts";
import type { DemoFiles } from "./files.ts";
import { demoRows, forgetDemoRows, markDemo, recordDemoRow } from "./marker.ts";

// Seeding and removing the demo content (docs/decisions/042) through the services the app's own pages call: the
// account is made like any other (without a way in), its blogs are written, given a cover, submitted and approved,
// its hacks created listed, its giveaway round opened. Each row is recorded in demo_content as soon as it exists,
// so a seeding stopped half-way is still removed whole.

const DAY = 86_400_000;

/** The seeding approves the demo blogs as a moderator would (it is the operator's own start or command). */
const SEEDING_MODERATOR: Writer = { id: "demo-content-seeding", role: "moderator" };

export type DemoSummary = { blogs: number; hacks: number; rounds: number };

/** Seeds the demo content; the caller decided that it should (the marker, the configuration). */
export async function seedDemoContent(ctx: AppContext, files: DemoFiles): Promise<DemoSummary> {
  const { db, transaction } = ctx;
  const categories = new Map((await listCategories(db)).map((c) => [c.slug, c.id]));
  const missing = files.blogs.filter((b) => !categories.has(b.category)).map((b) => `${b.folder}: ${b.category}`);
  if (missing.length > 0) throw new Error(`unknown blog categories in content/demo: ${missing.join(", ")}`);

  const { account } = files;
  const userId = await createAccountWithoutSignIn(transaction, { email: account.email, name: account.name });
  await recordDemoRow(db, "account", userId);
  const profile = { display_name: account.name, bio: account.bio, notifications: false };
  await updateProfile(transaction, userId, { ...profile, username: account.username }).catch(async (error) => {
    // The username is someone's already: the account keeps the one derived from its name.
    if (!(error instanceof AppError && error.statusCode === 409)) throw error;
    await updateProfile(transaction, userId, profile);
  });
  // Nobody reads its notifications (its blogs' approvals, a connection request): none are made.
  await savePreferences(db, userId, { paused: true, disabled: [] });
  // Writing blogs needs has_access: given the way an admin gives it.
  await setAccessGranted(db, account.email, true);

  const author: Writer = { id: userId, role: "user" };
  const storage = mediaStorage(ctx.config);
  // Written last to first: the blog list shows the newest first, so in the folders' order.
  for (const blog of [...files.blogs].reverse()) {
    const id = await createBlog(ctx, author, { title: blog.title, blogCategoryId: categories.get(blog.category)! });
    await recordDemoRow(db, "blog", id);
    await updateBlog(ctx, author, id, {
      title: blog.title,
      summary: blog.summary,
      content: blog.content,
      blogCategoryId: categories.get(blog.category)!,
      tags: blog.tags,
    });
    await storeImages({ ...ctx, storage }, author, id, [blog.cover.bytes], true);
    await publishBlog(ctx, author, id);
    await reviewBlog(transaction, SEEDING_MODERATOR, id, { approve: true });
  }

  for (const hack of files.hacks) {
    const created = await createHack(ctx, userId, { title: hack.title, files: hack.files, listed: true });
    await recordDemoRow(db, "hack", created.id);
  }

  const { days, ...round } = files.giveaway;
  const input = createGiveawaySchema.parse({ ...round, endsAt: new Date(Date.now() + days * DAY).toISOString() });
  // Created by the demo account: the rounds its draws open next (repeatDays) are demo rounds too.
  const created = await transaction((tx) => createRound(tx, userId, input));
  await recordDemoRow(db, "giveaway-round", created.id);
  await markDemo(db, "seeded");
  return { blogs: files.blogs.length, hacks: files.hacks.length, rounds: 1 };
}

export type RemovedSummary = { accounts: number; blogs: number; hacks: number; rounds: number };

const gone = (error: unknown) => error instanceof AppError && (error.statusCode === 404 || error.statusCode === 403);

/**
 * Removes every recorded demo row through its module's service: the blogs (and their stored images), the hacks,
 * the rounds not drawn yet (the demo account's later rounds too), then the account, which takes whatever else it
 * had with it (account.deleted). A drawn round stays: its winners were paid. Users' own rows are never touched,
 * also not their forks of a demo hack. The marker stays, so no start seeds again.
 */
export async function removeDemoContent(ctx: AppContext): Promise<RemovedSummary> {
  const rows = await demoRows(ctx.db);
  const refs = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.ref);
  const accounts = refs("account");
  const owner = accounts[0] ?? "";
  const removed: RemovedSummary = { accounts: 0, blogs: 0, hacks: 0, rounds: 0 };
  const storage = mediaStorage(ctx.config);
  for (const id of refs("blog").map(Number)) {
    try {
      await removeKeys(storage, await deleteBlog(ctx, { id: owner, role: "user" }, id));
      removed.blogs++;
    } catch (error) {
      if (!gone(error)) throw error;
    }
  }
  for (const id of refs("hack").map(Number)) {
    try {
      await deleteHack(ctx, owner, id);
      removed.hacks++;
    } catch (error) {
      if (!gone(error)) throw error;
    }
  }
  removed.rounds = await ctx.transaction(({ db }) =>
    deleteUndrawnRounds(db, { ids: refs("giveaway-round").map(Number), createdBy: accounts }),
  );
  for (const id of accounts) {
    await deleteAccount(ctx.transaction, id);
    removed.accounts++;
  }
  await forgetDemoRows(ctx.db);
  await markDemo(ctx.db, "removed");
  return removed;
}
