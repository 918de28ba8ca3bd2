import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { BLOG_MESSAGES, BLOG_STORAGE_QUOTA_BYTES } from "@neonlab/shared/schemas/blogs";
import type { App } from "../../app.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { startFakeS3 } from "./fake-s3.ts";
import { blogImages, blogs } from "./schema.ts";
import { callAs, createAuthor, multipart, photo, writeBlog } from "./test-helpers.ts";

// Blog images (decision 026): checked by their bytes, re-encoded to WebP at three widths, stored on disk
// or in an S3-compatible store; every bad input answers 4xx and stores nothing.

/** A valid PNG header declaring 50,000 × 50,000 pixels with a tiny body: a decompression bomb. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function uploadsOn(app: App) {
  const call = callAs(app);
  const author = await createAuthor(app);
  const blog = await writeBlog(app, author);
  const upload = (user: TestUser, what: "cover" | "images", files: Parameters<typeof multipart>[0], id = blog.id) =>
    app.inject({ method: "PATCH", url: `/api/blogs/${id}/upload-${what}`, ...withAuth(user, multipart(files)) });
  return { call, author, blog, upload };
}

const withAuth = (user: TestUser, body: ReturnType<typeof multipart>) => ({
  payload: body.payload,
  headers: { ...body.headers, ...user.headers },
});

describe("blog images on local disk", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "neonlab-blogs-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = await createTestApp({ env: { DATA_DIR: dataDir } });
  const { call, author, blog, upload } = await uploadsOn(app);
  const stored = () => {
    try {
      return readdirSync(join(dataDir, "media", "blogs")).length;
    } catch {
      return 0;
    }
  };

  it("re-encodes a cover to WebP at three widths with metadata stripped and serves it with long caching", async () => {
    // A JPEG with EXIF (camera, orientation 6 = rotated): the variants are upright and carry no EXIF.
    const jpeg = await sharp(await photo(2400, 1600, "jpeg"))
      .withExif({ IFD0: { Make: "SpyCam", Copyright: "secret" } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const res = await upload(author, "cover", [{ name: "holiday.jpg", type: "image/jpeg", bytes: jpeg }]);
    expect(res.statusCode, res.body).toBe(200);
    const cover = res.json().cover;
    expect(cover.variants.map((v: { width: number }) => v.width)).toEqual([480, 960, 1600]);
    expect(cover.width).toBe(1600);
    expect(cover.height).toBe(2400); // 1600 × 2400 upright (orientation applied): 1600 wide, 2400 tall
    expect(cover.srcset).toContain("480w");
    const media = await app.inject(cover.src);
    expect(media.statusCode).toBe(200);
    expect(media.headers["content-type"]).toBe("image/webp");
    expect(media.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(media.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect((await app.inject("/api/blogs/media/nothing-here.webp")).statusCode).toBe(404);
  });

  it("takes inline images and inserts them with srcset when the markdown names them", async () => {
    const small = await photo(300, 200, "gif");
    const res = await upload(author, "images", [
      { name: "a.png", type: "image/png", bytes: await photo(1000, 500) },
      { name: "b.gif", type: "image/gif", bytes: small },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = res.json().images;
    expect(first.variants.map((v: { width: number }) => v.width)).toEqual([480, 960, 1000]);
    expect(second.variants.map((v: { width: number }) => v.width)).toEqual([300]);
    const saved = await call(author, "PUT", `/api/blogs/${blog.id}`, {
      title: "With pictures",
      summary: "",
      content: `Look: ${first.markdown}\n\n![elsewhere](https://example.com/x.png)`,
      blogCategoryId: null,
      tags: [],
    });
    expect(saved.json().contentHtml).toContain(`srcset="${first.srcset}"`);
    expect(saved.json().contentHtml).not.toContain("example.com");
    expect(saved.json().images).toHaveLength(3);
  });

  it("refuses every bad input with a 4xx and a message, storing nothing", async () => {
    const before = { files: stored(), rows: (await app.ctx.db.select().from(blogImages)).length };
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(2000, 1)]);
    const big = Buffer.concat([await photo(100, 100), Buffer.alloc(6 * 1024 * 1024, 7)]);
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const other = await createAuthor(app, { displayName: "Otto Other" });
    const cases: [string, () => Promise<{ statusCode: number; json: () => { message: string } }>, number, string][] = [
      [
        "a renamed .exe",
        () => upload(author, "cover", [{ name: "cat.png", type: "image/png", bytes: exe }]),
        415,
        BLOG_MESSAGES.badType,
      ],
      [
        "a 6 MB image",
        () => upload(author, "cover", [{ name: "big.png", type: "image/png", bytes: big }]),
        413,
        BLOG_MESSAGES.tooLarge,
      ],
      [
        "a decompression bomb",
        () => upload(author, "images", [{ name: "bomb.png", type: "image/png", bytes: pngBomb() }]),
        413,
        BLOG_MESSAGES.tooManyPixels,
      ],
      [
        "an SVG",
        () => upload(author, "images", [{ name: "x.png", type: "image/png", bytes: svg }]),
        415,
        BLOG_MESSAGES.svgRefused,
      ],
      [
        "an empty file",
        () => upload(author, "cover", [{ name: "empty.png", type: "image/png", bytes: Buffer.alloc(0) }]),
        400,
        BLOG_MESSAGES.emptyFile,
      ],
      ["no file at all", () => upload(author, "cover", []), 400, BLOG_MESSAGES.noFile],
      [
        "a broken multipart body",
        () =>
          app.inject({
            method: "PATCH",
            url: `/api/blogs/${blog.id}/upload-images`,
            payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
            headers: { ...author.headers, "content-type": "multipart/form-data; boundary=xyz" },
          }),
        400,
        BLOG_MESSAGES.badMultipart,
      ],
      [
        "JSON instead of multipart",
        () =>
          app.inject({
            method: "PATCH",
            url: `/api/blogs/${blog.id}/upload-cover`,
            payload: { file: "x" },
            headers: author.headers,
          }),
        400,
        BLOG_MESSAGES.badMultipart,
      ],
      [
        "another author's blog",
        async () => upload(other, "cover", [{ name: "a.png", type: "image/png", bytes: await photo(50, 50) }]),
        403,
        BLOG_MESSAGES.notYours,
      ],
      [
        "an unknown blog",
        async () =>
          upload(author, "cover", [{ name: "a.png", type: "image/png", bytes: await photo(50, 50) }], 999_999),
        404,
        BLOG_MESSAGES.notFound,
      ],
      [
        "two files as the cover",
        async () =>
          upload(author, "cover", [
            { name: "a.png", type: "image/png", bytes: await photo(50, 50) },
            { name: "b.png", type: "image/png", bytes: await photo(50, 50) },
          ]),
        400,
        "Upload one image as the cover.",
      ],
      [
        "one good and one bad file",
        async () =>
          upload(author, "images", [
            { name: "a.png", type: "image/png", bytes: await photo(50, 50) },
            { name: "b.png", type: "image/png", bytes: exe },
          ]),
        415,
        BLOG_MESSAGES.badType,
      ],
    ];
    for (const [name, send, status, message] of cases) {
      const res = await send();
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message, name).toBe(message);
    }
    expect(stored(), "no file stored").toBe(before.files);
    expect((await app.ctx.db.select().from(blogImages)).length, "no row stored").toBe(before.rows);
  });

  it("keeps each user within the storage quota, and editing a published blog needs access", async () => {
    const user = await createAuthor(app, { displayName: "Quinn Quota" });
    const own = await writeBlog(app, user);
    await app.ctx.db
      .insert(blogImages)
      .values({ blogId: own.id, userId: user.id, bytes: BLOG_STORAGE_QUOTA_BYTES - 10, variants: [] });
    const res = await upload(
      user,
      "images",
      [{ name: "a.png", type: "image/png", bytes: await photo(200, 200) }],
      own.id,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BLOG_MESSAGES.quotaExceeded);

    const lapsed = await createUser(app, { displayName: "Lapsed Larry" });
    const [mine] = await app.ctx.db
      .insert(blogs)
      .values({ authorId: lapsed.id, title: "Old", slug: `old-${randomUUID()}`, status: "published" })
      .returning();
    const edit = await call(lapsed, "PUT", `/api/blogs/${mine!.id}`, {
      title: "New",
      summary: "",
      content: "x",
      blogCategoryId: null,
      tags: [],
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(BLOG_MESSAGES.needsAccess);
    expect(
      (await upload(lapsed, "cover", [{ name: "a.png", type: "image/png", bytes: await photo(50, 50) }], mine!.id))
        .statusCode,
    ).toBe(403);
  });

  it("deletes an image and its files; deleting the account deletes the user's blogs and images", async () => {
    const user = await createAuthor(app, { displayName: "Della Delete" });
    const own = await writeBlog(app, user);
    const up = await upload(
      user,
      "cover",
      [{ name: "a.png", type: "image/png", bytes: await photo(600, 400) }],
      own.id,
    );
    const cover = up.json().cover;
    const before = stored();
    const removed = await call(user, "DELETE", `/api/blogs/images/${cover.id}`);
    expect(removed.json().cover).toBeNull();
    expect(stored()).toBe(before - cover.variants.length);
    expect((await call(author, "DELETE", `/api/blogs/images/${cover.id}`)).statusCode).toBe(404);

    const again = await upload(
      user,
      "images",
      [{ name: "a.png", type: "image/png", bytes: await photo(600, 400) }],
      own.id,
    );
    const files = stored();
    expect((await call(user, "DELETE", "/api/users", { password: user.password })).statusCode).toBe(200);
    // The files go after the commit (an after-commit handler): wait for them, up to 5 s on a busy machine.
    const expected = files - again.json().images[0].variants.length;
    for (let i = 0; i < 100 && stored() !== expected; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stored()).toBe(expected);
    expect((await app.ctx.db.select().from(blogs)).some((b) => b.authorId === user.id)).toBe(false);
  });
});

describe("blog images in an S3-compatible store (in-process fake S3)", async () => {
  const s3 = await startFakeS3("neonlab-media");
  afterAll(() => s3.close());
  const app = await createTestApp({
    env: {
      S3_BUCKET: "neonlab-media",
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: "test",
      S3_SECRET_ACCESS_KEY: "test-secret",
    },
  });
  const { call, author, upload } = await uploadsOn(app);

  it("stores the variants as objects (path-style, signed), serves and deletes them", async () => {
    const res = await upload(author, "cover", [
      { name: "a.webp", type: "image/webp", bytes: await photo(1200, 800, "webp") },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const cover = res.json().cover;
    expect([...s3.objects.keys()].sort()).toEqual(
      cover.variants.map((v: { url: string }) => v.url.replace("/api/blogs/media/", "blogs/")).sort(),
    );
    expect(s3.requests.every((r) => r.authorization && r.path.startsWith("/neonlab-media/"))).toBe(true);
    const media = await app.inject(cover.src);
    expect(media.statusCode).toBe(200);
    expect((await sharp(media.rawPayload).metadata()).width).toBe(1200);
    await call(author, "DELETE", `/api/blogs/images/${cover.id}`);
    expect(s3.objects.size).toBe(0);
    expect((await app.inject(cover.src)).statusCode).toBe(404);
  });
});
