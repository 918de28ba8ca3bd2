import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import { z } from "zod";
import { BLOG_PUBLISH_MIN_CONTENT, blogUpdateSchema } from "@neonlab/shared/schemas/blogs";
import { createGiveawaySchema, GIVEAWAY_LIMITS } from "@neonlab/shared/schemas/giveaway";
import { createHackInputSchema, type HackFile, hackFilesSchema } from "@neonlab/shared/schemas/hacks";
import { updateProfileSchema, usernameSchema } from "@neonlab/shared/schemas/profile";
import {
  type FileContext,
  problem,
  readMarkdown,
  readYaml,
  rel,
  subfolders,
  validate,
} from "../content/load-context.ts";
import type { Problem } from "../content/model.ts";

// The demo content's files (content/demo/, its README.md): read and checked against the same rules as the app's
// own forms, so seeding never fails half-way on a bad file. Reading them is cheap; nothing here touches the database.

export type DemoBlog = {
  folder: string;
  title: string;
  summary: string;
  content: string;
  /** A blog category's slug (the migration seeds them). */
  category: string;
  tags: string[];
  cover: { file: string; bytes: Buffer };
};
export type DemoHack = { folder: string; title: string; files: HackFile[] };
export type DemoAccount = { name: string; username: string; email: string; bio: string };
export type DemoGiveaway = { title: string; prize: number; winners: number; days: number; repeatDays: number | null };
export type DemoFiles = { account: DemoAccount; giveaway: DemoGiveaway; blogs: DemoBlog[]; hacks: DemoHack[] };

/** Covers are committed to the repository: small ones (the upload pipeline re-encodes them anyway). */
export const DEMO_COVER_MAX_BYTES = 200 * 1024;
const COVER_TYPES = new Set([".png", ".jpg", ".jpeg", ".webp"]);
const HACK_META = "hack.yaml";

const demoYamlSchema = z.strictObject({
  account: z.strictObject({
    name: updateProfileSchema.shape.display_name.unwrap(),
    username: usernameSchema,
    email: z
      .email("must be an e-mail address")
      .refine((email) => email.toLowerCase().endsWith(".invalid"), "must be under .invalid (it receives no mail)"),
    bio: z.string().trim().min(1).max(500),
  }),
  giveaway: z.strictObject({
    title: z.string(),
    prize: z.number(),
    winners: z.number().default(1),
    days: z.number().int().min(1).max(GIVEAWAY_LIMITS.days),
    repeatDays: z.number().nullable().default(null),
  }),
});
const blogFrontmatterSchema = z.strictObject({
  title: blogUpdateSchema.shape.title,
  summary: blogUpdateSchema.shape.summary,
  category: z.string().regex(/^[a-z0-9-]+$/, "must be a blog category's slug"),
  tags: blogUpdateSchema.shape.tags.default([]),
  cover: z.string().min(1),
});
const hackMetaSchema = z.strictObject({ title: createHackInputSchema.shape.title.unwrap() });

/** Whether the folder holds demo content at all (an install without it starts as before). */
export const hasDemoFiles = (dir: string) => existsSync(join(dir, "demo.yaml"));

/** Reads and checks content/demo/ as the content loader reads courses: the files, or every problem found. */
export function loadDemoFiles(dir: string): { files: DemoFiles | null; problems: Problem[] } {
  const ctx: FileContext = { root: dir, problems: [] };
  const { problems } = ctx;
  const file = (path: string) => rel(ctx, path);

  const metaData = readYaml(ctx, join(dir, "demo.yaml"));
  const meta = metaData === undefined ? null : validate(ctx, "demo.yaml", demoYamlSchema, metaData);
  let giveaway: DemoGiveaway | null = null;
  if (meta) {
    const { days, ...round } = meta.giveaway;
    const endsAt = new Date(Date.now() + days * 86_400_000).toISOString();
    if (validate(ctx, "demo.yaml giveaway", createGiveawaySchema, { ...round, endsAt })) giveaway = { ...round, days };
  }

  const blogs: DemoBlog[] = [];
  for (const folder of subfolders(join(dir, "blogs"))) {
    const path = join(dir, "blogs", folder, "blog.md");
    const md = readMarkdown(ctx, path);
    if (!md) continue;
    const front = validate(ctx, file(path), blogFrontmatterSchema, md.data);
    const content = md.body;
    const text = validate(ctx, file(path), blogUpdateSchema.shape.content, content);
    if (content.length < BLOG_PUBLISH_MIN_CONTENT)
      problem(ctx, file(path), "(body)", `needs at least ${BLOG_PUBLISH_MIN_CONTENT} characters`);
    if (!front || text === null) continue;
    const coverPath = join(dir, "blogs", folder, front.cover);
    if (!COVER_TYPES.has(extname(coverPath).toLowerCase()))
      problem(ctx, file(path), "cover", "must be a .png, .jpg or .webp file");
    else if (!existsSync(coverPath)) problem(ctx, file(path), "cover", `${front.cover} is missing`);
    else if (statSync(coverPath).size > DEMO_COVER_MAX_BYTES)
      problem(ctx, file(coverPath), "(file)", `is over ${DEMO_COVER_MAX_BYTES / 1024} KB`);
    else blogs.push({ folder, ...front, content, cover: { file: front.cover, bytes: readFileSync(coverPath) } });
  }

  const hacks: DemoHack[] = [];
  for (const folder of subfolders(join(dir, "hacks"))) {
    const base = join(dir, "hacks", folder);
    const metaFile = join(base, HACK_META);
    const metaData = readYaml(ctx, metaFile);
    if (metaData === undefined) continue;
    const hackMeta = validate(ctx, file(metaFile), hackMetaSchema, metaData);
    const names = readdirSync(base)
      .filter((name) => name !== HACK_META && !name.startsWith("."))
      .sort();
    const files = validate(
      ctx,
      file(base),
      hackFilesSchema,
      names.map((name) => ({ name, content: readFileSync(join(base, name), "utf8") })),
    );
    if (hackMeta && files) hacks.push({ folder, title: hackMeta.title, files });
  }

  if (problems.length > 0 || !meta || !giveaway) return { files: null, problems };
  return { files: { account: meta.account, giveaway, blogs, hacks }, problems };
}
