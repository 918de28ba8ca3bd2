import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  BLOG_IMAGE_MAX_BYTES,
  BLOG_IMAGES_PER_UPLOAD,
  BLOG_MESSAGES,
  blogCategorySchema,
  blogCreateSchema,
  blogEditSchema,
  blogIdParamsSchema,
  blogImageIdParamsSchema,
  blogImagesUploadSchema,
  blogListQuerySchema,
  blogPageSchema,
  blogQueueQuerySchema,
  blogRejectSchema,
  blogSchema,
  blogSlugParamsSchema,
  blogUpdateSchema,
  blogViewSchema,
  blogVoteQuerySchema,
  blogVotesSchema,
  myBlogsQuerySchema,
  myBlogsSchema,
} from "@neonlab/shared/schemas/blogs";
import { messageResponseSchema } from "@neonlab/shared/schemas/common";
import { requireUser } from "../../session-guards.ts";
import { AppError, badRequest, forbidden } from "../../errors.ts";
import type { ModuleOptions } from "../../lib/plugin-scope.ts";
import { registerBlogFeeds } from "./feeds.ts";
import { isModerator, listBlogs, listCategories, listOwn, listPending } from "./queries.ts";
import {
  blogBySlug,
  blogEdit,
  createBlog,
  deleteBlog,
  publishBlog,
  reviewBlog,
  unpublishBlog,
  updateBlog,
  viewBlog,
  viewDay,
  viewerKey,
  voteBlog,
} from "./service.ts";
import { mediaStorage } from "./storage.ts";
import { deleteImage, removeKeys, storeImages } from "./uploads.ts";

const tags = ["blogs"];
const MEDIA_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-\d{1,4}\.webp$/;

/** The image files of a multipart request, each read whole (≤ 5 MB); broken bodies and limits answer 4xx. */
async function readFiles(request: FastifyRequest, max: number): Promise<Buffer[]> {
  if (!request.isMultipart()) throw badRequest(BLOG_MESSAGES.badMultipart);
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts({ limits: { files: max, fileSize: BLOG_IMAGE_MAX_BYTES } })) {
      if (part.type === "file") files.push(await part.toBuffer());
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError(413, BLOG_MESSAGES.tooLarge);
    if (code === "FST_FILES_LIMIT")
      throw badRequest(max === 1 ? "Upload one image as the cover." : BLOG_MESSAGES.tooManyFiles);
    throw badRequest(BLOG_MESSAGES.badMultipart);
  }
  if (files.length === 0) throw badRequest(BLOG_MESSAGES.noFile);
  return files;
}

/** spec §7 `blogs/*` (docs/blogs-api.md): writing, review, reading, votes, views, images; feeds and sitemap. */
export async function blogRoutes(app: FastifyInstance, { ctx }: ModuleOptions) {
  const { db, transaction, config, limits } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = mediaStorage(config);
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, "");
  await app.register(multipart, {
    limits: {
      fileSize: BLOG_IMAGE_MAX_BYTES,
      files: BLOG_IMAGES_PER_UPLOAD,
      parts: BLOG_IMAGES_PER_UPLOAD + 10,
      fields: 10,
      fieldSize: 1024,
      headerPairs: 100,
    },
  });

  const edit = (request: FastifyRequest, id: number, justReviewed = false) =>
    blogEdit(db, id, requireUser(request), publicUrl, justReviewed);
  const byId = { params: blogIdParamsSchema, response: { 200: blogEditSchema } };

  r.get(
    "/api/blogs",
    {
      config: { auth: "optional" },
      schema: {
        tags,
        summary: "Published blogs (or the caller's by status): search, sort, category, dates, pages",
        querystring: blogListQuerySchema,
        response: { 200: blogPageSchema },
      },
    },
    async (request) => listBlogs(db, request.user ?? null, request.query),
  );
  r.get(
    "/api/blogs/categories",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "Blog categories with their published blogs' counts",
        response: { 200: z.array(blogCategorySchema) },
      },
    },
    async () => listCategories(db),
  );
  r.get(
    "/api/blogs/my-blogs",
    {
      schema: {
        tags,
        summary: "The caller's blogs in every state, with the count per state",
        querystring: myBlogsQuerySchema,
        response: { 200: myBlogsSchema },
      },
    },
    async (request) => listOwn(db, requireUser(request), request.query),
  );
  r.get(
    "/api/blogs/pending",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Blogs waiting for review, oldest first (moderators)",
        querystring: blogQueueQuerySchema,
        response: { 200: blogPageSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!isModerator(user)) throw forbidden(BLOG_MESSAGES.moderatorsOnly);
      return listPending(db, user.id, request.query.page);
    },
  );
  r.get(
    "/api/blogs/slug/:slug",
    {
      config: { auth: "optional" },
      schema: {
        tags,
        summary: "A published blog by its slug (an earlier slug finds it too)",
        params: blogSlugParamsSchema,
        response: { 200: blogSchema },
      },
    },
    async (request) => blogBySlug(db, request.params.slug, request.user ?? null, publicUrl),
  );
  r.get(
    "/api/blogs/:id/edit",
    {
      config: { errors: [403] },
      schema: { tags, summary: "A blog for its editor (the author) or its reviewer (moderators)", ...byId },
    },
    async (request) => edit(request, request.params.id),
  );
  r.post(
    "/api/blogs",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Start a draft (needs has_access)",
        body: blogCreateSchema,
        response: { 201: blogEditSchema },
      },
    },
    async (request, reply) => {
      const id = await createBlog(ctx, requireUser(request), request.body ?? {});
      return reply.status(201).send(await edit(request, id));
    },
  );
  r.put(
    "/api/blogs/:id",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Save a blog's text (autosave); answers it with its rendered HTML",
        ...byId,
        body: blogUpdateSchema,
      },
    },
    async (request) => {
      await updateBlog(ctx, requireUser(request), request.params.id, request.body);
      return edit(request, request.params.id);
    },
  );
  const transitions = {
    publish: ["Send a draft for review (a moderator's own is published at once)", publishBlog],
    unpublish: ["Take a blog back to draft (its author or a moderator)", unpublishBlog],
  } as const;
  for (const [action, [summary, change]] of Object.entries(transitions)) {
    r.patch(
      `/api/blogs/:id/${action}`,
      { config: { errors: [403] }, schema: { tags, summary, ...byId } },
      async (request) => {
        await change(ctx, requireUser(request), request.params.id);
        return edit(request, request.params.id, true);
      },
    );
  }
  r.patch(
    "/api/blogs/:id/approve",
    {
      config: { errors: [403] },
      schema: { tags, summary: "Publish a blog waiting for review (moderators); its author is notified", ...byId },
    },
    async (request) => {
      await reviewBlog(transaction, requireUser(request), request.params.id, { approve: true });
      return edit(request, request.params.id);
    },
  );
  r.patch(
    "/api/blogs/:id/reject",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Send a blog waiting for review back to draft with a reason (moderators)",
        ...byId,
        body: blogRejectSchema,
      },
    },
    async (request) => {
      await reviewBlog(transaction, requireUser(request), request.params.id, {
        approve: false,
        reason: request.body.reason,
      });
      return edit(request, request.params.id, true);
    },
  );
  r.delete(
    "/api/blogs/:id",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Delete a blog with its images (its author or a moderator)",
        params: blogIdParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await removeKeys(storage, await deleteBlog(ctx, requireUser(request), request.params.id));
      return { message: "Blog deleted." };
    },
  );

  const upload = { tags, consumes: ["multipart/form-data"] };
  r.patch(
    "/api/blogs/:id/upload-cover",
    {
      config: { errors: [403, 413, 429] },
      schema: { ...upload, summary: "Upload a blog's cover image (multipart, one PNG/JPEG/WebP/GIF ≤ 5 MB)", ...byId },
    },
    async (request) => {
      const files = await readFiles(request, 1);
      await storeImages({ db, transaction, storage, limits }, requireUser(request), request.params.id, files, true);
      return edit(request, request.params.id);
    },
  );
  r.patch(
    "/api/blogs/:id/upload-images",
    {
      config: { errors: [403, 413, 429] },
      schema: {
        ...upload,
        summary: "Upload images for a blog's text (multipart, 1–10 files ≤ 5 MB each)",
        params: blogIdParamsSchema,
        response: { 200: blogImagesUploadSchema },
      },
    },
    async (request) => {
      const files = await readFiles(request, BLOG_IMAGES_PER_UPLOAD);
      return storeImages({ db, transaction, storage, limits }, requireUser(request), request.params.id, files, false);
    },
  );
  r.delete(
    "/api/blogs/images/:imageId",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Delete an image of a blog (a cover leaves the blog without one)",
        params: blogImageIdParamsSchema,
        response: { 200: blogEditSchema },
      },
    },
    async (request) => {
      const blogId = await deleteImage(ctx, storage, requireUser(request), request.params.imageId);
      return edit(request, blogId);
    },
  );
  r.get(
    "/api/blogs/media/:name",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "A stored blog image (WebP; cached for a year: names never change)",
        params: z.object({ name: z.string().max(80) }),
      },
    },
    async (request, reply) => {
      const body = MEDIA_NAME.test(request.params.name) ? await storage.get(`blogs/${request.params.name}`) : null;
      if (!body)
        return reply
          .status(404)
          .send({ statusCode: 404, statusMessage: "Not Found", message: BLOG_MESSAGES.imageNotFound });
      return reply
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .type("image/webp")
        .send(body);
    },
  );
  r.post(
    "/api/blogs/:id/vote",
    {
      schema: {
        tags,
        summary: "Vote a published blog up or down (one vote per user, changeable)",
        params: blogIdParamsSchema,
        querystring: blogVoteQuerySchema,
        response: { 200: blogVotesSchema },
      },
    },
    async (request) => voteBlog(transaction, requireUser(request).id, request.params.id, request.query.type),
  );
  r.post(
    "/api/blogs/:id/view",
    {
      config: { auth: "optional" },
      schema: {
        tags,
        summary: "Count a view (once per viewer per day)",
        params: blogIdParamsSchema,
        response: { 200: blogViewSchema },
      },
    },
    async (request) => {
      const day = viewDay();
      const userId = request.user?.id;
      const key = viewerKey(config.authSecret, day, { userId, ip: request.ip });
      return viewBlog(db, request.params.id, { key, userId }, day);
    },
  );
  registerBlogFeeds(app, db, publicUrl);
}
