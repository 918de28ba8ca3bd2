import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { BLOG_IMAGE_UPLOAD_LIMIT, BLOG_MESSAGES } from "@neonlab/shared/schemas/blogs";
import type { App } from "../../app.ts";
import { createTestApp } from "../../test/test-app.ts";
import type { TestUser } from "../../test/users.ts";
import { IMAGE_DECODES_AT_ONCE, MAX_GIF_PIXELS, processImage } from "./images.ts";
import { blogImages } from "./schema.ts";
import { createAuthor, multipart, photo, writeBlog } from "./test-helpers.ts";

// What an upload may cost the server: images per user in a window (429), images decoded at once in the
// process (the rest wait their turn), and pixels per image by format.

const upload = (app: App, user: TestUser, blogId: number, files: Buffer[]) => {
  const body = multipart(files.map((bytes, i) => ({ name: `${i}.png`, type: "image/png", bytes })));
  return app.inject({
    method: "PATCH",
    url: `/api/blogs/${blogId}/upload-images`,
    payload: body.payload,
    headers: { ...body.headers, ...user.headers },
  });
};

describe("upload limits", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "neonlab-upload-limits-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = await createTestApp({ env: { DATA_DIR: dataDir } });
  const stored = () => {
    try {
      return readdirSync(join(dataDir, "media", "blogs")).length;
    } catch {
      return 0;
    }
  };
  const rows = async () => (await app.ctx.db.select().from(blogImages)).length;

  it("refuses images past 30 per user in 10 minutes with 429 and Retry-After, storing nothing", async () => {
    expect(BLOG_IMAGE_UPLOAD_LIMIT).toEqual({ max: 30, windowSeconds: 600 });
    const author = await createAuthor(app);
    const blog = await writeBlog(app, author);
    const small = await photo(64, 48);
    const many = (n: number) => Array.from({ length: n }, () => small);
    // A request refused before any decoding (a renamed .exe) counts nothing.
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(2000, 1)]);
    expect((await upload(app, author, blog.id, [exe])).statusCode).toBe(415);
    for (const n of [10, 10, 5]) {
      const res = await upload(app, author, blog.id, many(n));
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = { files: stored(), rows: await rows() };

    // 25 + 10 would pass the limit: refused whole, and counted for nothing (the 5 left still fit).
    const over = await upload(app, author, blog.id, many(10));
    expect(over.statusCode).toBe(429);
    const wait = Number(over.headers["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(BLOG_IMAGE_UPLOAD_LIMIT.windowSeconds);
    expect(over.json().message).toBe(BLOG_MESSAGES.uploadLimit(wait));
    expect({ files: stored(), rows: await rows() }).toEqual(before);

    const last = await upload(app, author, blog.id, many(5));
    expect(last.statusCode, last.body).toBe(200);
    const full = { files: stored(), rows: await rows() };
    const cover = await app.inject({
      method: "PATCH",
      url: `/api/blogs/${blog.id}/upload-cover`,
      ...(() => {
        const body = multipart([{ name: "c.png", type: "image/png", bytes: small }]);
        return { payload: body.payload, headers: { ...body.headers, ...author.headers } };
      })(),
    });
    expect(cover.statusCode).toBe(429);
    expect(Number(cover.headers["retry-after"])).toBeGreaterThan(0);
    expect({ files: stored(), rows: await rows() }).toEqual(full);

    // The limit is per user: another author uploads as before.
    const other = await createAuthor(app, { displayName: "Otto Other" });
    const theirs = await writeBlog(app, other);
    expect((await upload(app, other, theirs.id, many(1))).statusCode).toBe(200);
  });

  it("decodes a small fixed number of images at once in the process; the others wait their turn", async () => {
    expect(IMAGE_DECODES_AT_ONCE).toBeLessThanOrEqual(2);
    const images = await Promise.all([
      photo(2400, 1600, "png"),
      photo(2000, 2000, "jpeg"),
      photo(1800, 1200, "webp"),
      photo(1200, 900, "gif"),
      photo(2400, 1600, "png"),
      photo(2000, 1000, "jpeg"),
    ]);
    // Widths are read before counting starts: a metadata read is a sharp pipeline of its own, outside the turn.
    const widths: number[] = [];
    for (const bytes of images) widths.push((await sharp(bytes).metadata()).width);
    // The process's running sharp pipelines, sampled whenever one is queued or finishes (sharp's "change" event)
    // and between event-loop turns. Only the running count: sharp moves a pipeline from its queue counter to its
    // running counter on a worker thread, so a read of both at once may see one pipeline in each.
    let most = 0;
    let busySamples = 0;
    let sampling = true;
    const count = () => {
      const { process } = sharp.counters();
      most = Math.max(most, process);
      if (process > 0) busySamples++;
    };
    const sample = () => {
      count();
      if (sampling) setImmediate(sample);
    };
    sharp.queue.on("change", count);
    sample();
    try {
      const results = await Promise.all(images.map((bytes, i) => processImage(bytes, widths[i]!)));
      expect(results.map((r) => r.variants.map((v) => v.width))).toEqual([
        [480, 960, 1600],
        [480, 960, 1600],
        [480, 960, 1600],
        [480, 960, 1200],
        [480, 960, 1600],
        [480, 960, 1600],
      ]);
      expect(results[1]!.variants.map((v) => v.height)).toEqual([480, 960, 1600]);
    } finally {
      sampling = false;
      sharp.queue.off("change", count);
    }
    expect(busySamples).toBeGreaterThan(10);
    expect(most).toBeLessThanOrEqual(IMAGE_DECODES_AT_ONCE);
  });

  it("refuses a GIF over its own pixel cap with 413, storing nothing", async () => {
    expect(MAX_GIF_PIXELS).toBe(16_000_000);
    const author = await createAuthor(app, { displayName: "Gina Gif" });
    const blog = await writeBlog(app, author);
    const before = { files: stored(), rows: await rows() };
    // 4,100 × 4,000 = 16.4 MP: a few hundred bytes of GIF that would take ~120 MB to decode.
    const gif = await sharp({ create: { width: 4100, height: 4000, channels: 3, background: "#14c878" } })
      .gif({ colours: 2, effort: 1, dither: 0 })
      .toBuffer();
    const res = await upload(app, author, blog.id, [gif]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(BLOG_MESSAGES.gifTooManyPixels);
    expect({ files: stored(), rows: await rows() }).toEqual(before);
    // The same picture as a PNG is within the 40 MP cap.
    const png = await sharp(gif).png().toBuffer();
    expect((await upload(app, author, blog.id, [png])).statusCode).toBe(200);
  });
});
