import { readFile, stat } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import type { FastifyReply } from "fastify";
import { notFound } from "../errors.ts";

const MIME: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
};

/**
 * Sends an image of the content (a course's cover, badge or lesson image; a project's cover) from inside `dir`,
 * or 404: another kind of file, a path leading out of `dir`, or nothing there. A versioned URL (`?v=<hash>`,
 * what the importer writes) is cached for a year.
 */
export async function sendContentImage(reply: FastifyReply, dir: string, path: string, versioned: boolean) {
  const file = resolve(dir, path);
  const type = MIME[extname(file).toLowerCase()];
  if (!type || !file.startsWith(dir + sep)) throw notFound("No such content image.");
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw notFound("No such content image.");
  reply.header("cache-control", versioned ? "public, max-age=31536000, immutable" : "public, max-age=3600");
  // SVG is active content: never let one run script or load anything, even when opened directly.
  reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  return reply.type(type).send(await readFile(file));
}
