import { and, count, eq, sql, sum } from "drizzle-orm";
import {
  BLOG_IMAGE_UPLOAD_LIMIT,
  BLOG_IMAGES_PER_BLOG,
  BLOG_MESSAGES,
  BLOG_STORAGE_QUOTA_BYTES,
  type BlogImage,
} from "@neonlab/shared/schemas/blogs";
import type { Db } from "../../db/client.ts";
import { conflict, notFound, rateLimited } from "../../errors.ts";
import type { RateLimits } from "../../lib/rate-limits.ts";
import type { DbAccess } from "../../transaction.ts";
import { checkImage, type ProcessedImage, presentImage, processImage } from "./images.ts";
import { blogImages, blogs } from "./schema.ts";
import { checkWriter, findBlog, type Writer } from "./service.ts";
import type { MediaStorage } from "./storage.ts";

// Uploads (decision 026): every file of a request is checked (bytes, type, pixels) before any is processed,
// all are processed before any is stored, and the rows are written under a per-user lock that re-checks the
// quota and the blog's image count: a refused request stores nothing. Before decoding, the images count
// against the user's upload limit (BLOG_IMAGE_UPLOAD_LIMIT), which bounds the decoding one user can ask for.

async function usage(db: Db, userId: string, blogId: number) {
  const [mine] = await db
    .select({ bytes: sum(blogImages.bytes) })
    .from(blogImages)
    .where(eq(blogImages.userId, userId));
  const [onBlog] = await db.select({ n: count() }).from(blogImages).where(eq(blogImages.blogId, blogId));
  return { used: Number(mine?.bytes ?? 0), images: onBlog?.n ?? 0 };
}

function checkRoom(current: { used: number; images: number }, adding: { bytes: number; images: number }) {
  if (current.images + adding.images > BLOG_IMAGES_PER_BLOG) throw conflict(BLOG_MESSAGES.tooManyImages);
  if (current.used + adding.bytes > BLOG_STORAGE_QUOTA_BYTES) throw conflict(BLOG_MESSAGES.quotaExceeded);
}

/** Checks, re-encodes and stores the files as images of the blog; `asCover` makes the (single) image its cover. */
export async function storeImages(
  { db, transaction, storage, limits }: DbAccess & { storage: MediaStorage; limits: RateLimits },
  user: Writer,
  blogId: number,
  files: Buffer[],
  asCover: boolean,
): Promise<{ images: BlogImage[]; storage: { used: number; quota: number } }> {
  await checkWriter(db, user, await findBlog(db, blogId));
  const checked = [];
  for (const file of files) checked.push({ file, ...(await checkImage(file)) });
  checkRoom(await usage(db, user.id, blogId), { bytes: 0, images: files.length });
  const wait = await limits.hit(`blog-images:${user.id}`, BLOG_IMAGE_UPLOAD_LIMIT, files.length);
  if (wait > 0) throw rateLimited(wait, BLOG_MESSAGES.uploadLimit(wait));
  const processed: ProcessedImage[] = [];
  for (const image of checked) processed.push(await processImage(image.file, image.width));
  const bytes = processed.reduce((total, image) => total + image.bytes, 0);
  checkRoom(await usage(db, user.id, blogId), { bytes, images: processed.length });
  const keys = processed.flatMap((image) => image.variants.map((v) => v.key));
  try {
    for (const image of processed) for (const v of image.variants) await storage.put(v.key, v.body, "image/webp");
    return await transaction(async ({ db: tx }) => {
      // One upload of a user at a time past this point: the quota holds under concurrent uploads.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`blog-images:${user.id}`}))`);
      const current = await usage(tx, user.id, blogId);
      checkRoom(current, { bytes, images: processed.length });
      const rows = await tx
        .insert(blogImages)
        .values(
          processed.map((image) => ({
            blogId,
            userId: user.id,
            bytes: image.bytes,
            variants: image.variants.map(({ body: _, ...v }) => v),
          })),
        )
        .returning();
      if (asCover && rows[0])
        await tx.update(blogs).set({ coverImageId: rows[0].id, updatedAt: new Date() }).where(eq(blogs.id, blogId));
      return {
        images: rows.map(presentImage),
        storage: { used: current.used + bytes, quota: BLOG_STORAGE_QUOTA_BYTES },
      };
    });
  } catch (error) {
    await removeKeys(storage, keys);
    throw error;
  }
}

/** DELETE /api/blogs/images/{imageId}: the writer of its blog; a cover leaves its blog without one. */
export async function deleteImage(
  { db, transaction }: DbAccess,
  storage: MediaStorage,
  user: Writer,
  imageId: number,
): Promise<number> {
  const [image] = await db.select().from(blogImages).where(eq(blogImages.id, imageId));
  if (!image) throw notFound(BLOG_MESSAGES.imageNotFound);
  await checkWriter(db, user, await findBlog(db, image.blogId));
  await transaction(async ({ db: tx }) => {
    await tx
      .update(blogs)
      .set({ coverImageId: null })
      .where(and(eq(blogs.id, image.blogId), eq(blogs.coverImageId, imageId)));
    await tx.delete(blogImages).where(eq(blogImages.id, imageId));
  });
  await removeKeys(
    storage,
    image.variants.map((v) => v.key),
  );
  return image.blogId;
}

/** Removes stored objects; a failure is not the caller's (an orphan file costs disk, not correctness). */
export async function removeKeys(storage: MediaStorage, keys: string[]) {
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
}
