import { randomUUID } from "node:crypto";
import type { Metadata } from "sharp";
import {
  BLOG_IMAGE_MAX_BYTES,
  BLOG_IMAGE_TYPES,
  BLOG_IMAGE_WIDTHS,
  BLOG_MESSAGES,
  type BlogImage,
} from "@neonlab/shared/schemas/blogs";
import { AppError, badRequest } from "../../errors.ts";
import { MEDIA_PREFIX } from "./markdown.ts";
import type { StoredVariant } from "./schema.ts";

// Checks and re-encoding of an uploaded image (decision 026): the type from its bytes, its pixel count from
// its header before anything is decoded, then WebP at each width with the orientation applied and the
// metadata (EXIF, GPS, ICC comments) left behind. sharp works on libuv's thread pool: the event loop only
// waits. sharp (libvips) and file-type are imported with the first upload, not with the server.

/** Pixels a decoded image may have (sharp's limitInputPixels): a 50,000 × 50,000 PNG bomb is refused unread. */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * A GIF's cap: libvips decodes a GIF's whole frame (~7 bytes a pixel, where a 40 MP PNG takes ~2.5), so
 * 16 MP costs about what 40 MP of another format does (~110 MB).
 */
export const MAX_GIF_PIXELS = 16_000_000;
/** Images decoded (and encoded) at once in the whole process; the others wait their turn, first come first. */
export const IMAGE_DECODES_AT_ONCE = 1;
const WEBP = { quality: 80, effort: 4 } as const;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than IMAGE_DECODES_AT_ONCE images are in work, else after the ones before it. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < IMAGE_DECODES_AT_ONCE) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The turn passes straight to the next one waiting, so `running` never drops below the work in hand.
    if (next) next();
    else running--;
  }
}

let loaded: Promise<typeof import("sharp").default> | undefined;

/** sharp, with libvips' operation cache off: an upload is never decoded twice, the cache only held memory. */
function loadSharp() {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

const refused = (status: number, message: string) => new AppError(status, message);

/** Refuses what is not a PNG, JPEG, WebP or GIF by its bytes (name and Content-Type are ignored). */
export async function checkImage(bytes: Buffer): Promise<{ mime: string; width: number; height: number }> {
  if (bytes.length === 0) throw badRequest(BLOG_MESSAGES.emptyFile);
  if (bytes.length > BLOG_IMAGE_MAX_BYTES) throw refused(413, BLOG_MESSAGES.tooLarge);
  const head = bytes.subarray(0, 4096).toString("utf8").toLowerCase();
  const { fileTypeFromBuffer } = await import("file-type");
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === "image/svg+xml" || (!type?.mime.startsWith("image/") && head.includes("<svg")))
    throw refused(415, BLOG_MESSAGES.svgRefused);
  if (!type) throw refused(415, BLOG_MESSAGES.badType);
  if (!(BLOG_IMAGE_TYPES as readonly string[]).includes(type.mime)) throw refused(415, BLOG_MESSAGES.badType);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(BLOG_MESSAGES.unreadable);
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (!width || !height) throw badRequest(BLOG_MESSAGES.unreadable);
  if (width * height > MAX_INPUT_PIXELS) throw refused(413, BLOG_MESSAGES.tooManyPixels);
  if (type.mime === "image/gif" && width * height > MAX_GIF_PIXELS) throw refused(413, BLOG_MESSAGES.gifTooManyPixels);
  return { mime: type.mime, width, height };
}

export type ProcessedImage = { variants: (StoredVariant & { body: Buffer })[]; bytes: number };

/**
 * WebP at each of BLOG_IMAGE_WIDTHS no wider than the original (the original's own width when it is
 * narrower than the smallest). Decoded once, in turn (IMAGE_DECODES_AT_ONCE), straight to the largest width
 * (JPEG and WebP shrink while they decode); the smaller widths are made from those pixels. A GIF keeps its
 * first frame.
 */
export async function processImage(bytes: Buffer, originalWidth: number): Promise<ProcessedImage> {
  const widths: number[] = BLOG_IMAGE_WIDTHS.filter((w) => w < originalWidth);
  if (widths.length < BLOG_IMAGE_WIDTHS.length) widths.push(Math.min(originalWidth, BLOG_IMAGE_WIDTHS.at(-1)!));
  const base = randomUUID();
  const sharp = await loadSharp();
  try {
    return await inTurn(async () => {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .autoOrient()
        .resize({ width: widths.at(-1)!, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { width: info.width, height: info.height, channels: info.channels as 1 | 2 | 3 | 4 };
      const variants: ProcessedImage["variants"] = [];
      for (const width of widths) {
        const { data: body, info: out } = await sharp(data, { raw })
          .resize({ width, withoutEnlargement: true })
          .webp(WEBP)
          .toBuffer({ resolveWithObject: true });
        variants.push({
          width: out.width,
          height: out.height,
          key: `blogs/${base}-${out.width}.webp`,
          bytes: body.length,
          body,
        });
      }
      return { variants, bytes: variants.reduce((sum, v) => sum + v.bytes, 0) };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = String((error as Error).message ?? "");
    if (message.includes("pixel limit")) throw refused(413, BLOG_MESSAGES.tooManyPixels);
    throw badRequest(BLOG_MESSAGES.unreadable);
  }
}

/** The media URL of a stored key (`blogs/<name>` → `/api/blogs/media/<name>`). */
export const mediaUrl = (key: string) => `${MEDIA_PREFIX}${key.slice("blogs/".length)}`;

/** An image row as answered. */
export function presentImage(row: {
  id: number;
  variants: StoredVariant[];
  bytes: number;
  createdAt: Date;
}): BlogImage {
  const variants = [...row.variants].sort((a, b) => a.width - b.width);
  const widest = variants.at(-1)!;
  const list = variants.map((v) => ({ width: v.width, height: v.height, url: mediaUrl(v.key) }));
  return {
    id: row.id,
    src: mediaUrl(widest.key),
    srcset: list.map((v) => `${v.url} ${v.width}w`).join(", "),
    width: widest.width,
    height: widest.height,
    variants: list,
    bytes: row.bytes,
    markdown: `![](${mediaUrl(widest.key)})`,
    createdAt: row.createdAt.toISOString(),
  };
}
