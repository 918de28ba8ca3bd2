import { and, count, desc, eq, sql } from "drizzle-orm";
import {
  type CreateHackInput,
  HACK_DEFAULT_FILES,
  type Hack,
  type HackFile,
  type HackPage,
  type HackSummary,
  HACKS_PAGE_SIZE,
  slugify,
  type UpdateHackInput,
} from "@neonlab/shared/schemas/hacks";
import type { Config } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { conflict, forbidden, notFound } from "../../errors.ts";
import { findUserByUsername, isUniqueViolation, profileRows } from "../identity/service.ts";
import { hackPreviousSlugs, hacks } from "./schema.ts";

type Links = Pick<Config, "PUBLIC_URL" | "previewOrigin">;

const owner = profileRows.card;
const summaryColumns = {
  id: hacks.id,
  title: hacks.title,
  slug: hacks.slug,
  listed: hacks.listed,
  ownerId: hacks.ownerId,
  createdAt: hacks.createdAt,
  updatedAt: hacks.updatedAt,
  fileNames: sql<string[]>`jsonb_path_query_array(${hacks.files}, '$[*].name')`,
  username: owner.username,
  displayName: owner.displayName,
  avatar: owner.avatar,
};
type SummaryRow = {
  id: number;
  title: string;
  slug: string;
  listed: boolean;
  ownerId: string;
  createdAt: Date;
  updatedAt: Date;
  fileNames: string[];
  username: string;
  displayName: string;
  avatar: string | null;
};

const hasIndex = (names: string[]) => names.some((name) => /^index\.html?$/i.test(name));

function summary(row: SummaryRow): HackSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    listed: row.listed,
    has_environment: hasIndex(row.fileNames),
    owner: { username: row.username, display_name: row.displayName, avatar: row.avatar },
    file_names: row.fileNames,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The live site's address on the preview origin (the app's /hack/:u/view/:s redirects there). */
export function liveUrl(config: Links, username: string, slug: string): string {
  return `${config.previewOrigin}/hack/${encodeURIComponent(username)}/view/${encodeURIComponent(slug)}/`;
}

/**
 * The preview card's address: at the hack's link, so whoever holds the link can unfurl it (an unlisted
 * hack's id opens nothing), with the update time in it, so a changed hack gets a new card.
 */
export function cardUrl(config: Links, username: string, slug: string, updatedAt: Date): string {
  const link = `${encodeURIComponent(username)}/${encodeURIComponent(slug)}`;
  return `${new URL(config.PUBLIC_URL).origin}/api/hacks/users/${link}/card.png?v=${updatedAt.getTime().toString(36)}`;
}

/** Whether `viewerId` may read a hack by its id: a listed one anyone, an unlisted one its owner only. */
export const readableById = (row: { listed: boolean; ownerId: string }, viewerId: string | null) =>
  row.listed || row.ownerId === viewerId;

async function present(db: Db, config: Links, id: number, viewerId: string | null): Promise<Hack> {
  const [row] = await db
    .select({ ...summaryColumns, files: hacks.files, forkedFromId: hacks.forkedFromId })
    .from(hacks)
    .innerJoin(profileRows.table, eq(owner.userId, hacks.ownerId))
    .where(eq(hacks.id, id));
  if (!row) throw notFound("This hack does not exist.");
  let forkedFrom: Hack["forked_from"] = null;
  if (row.forkedFromId !== null) {
    const [origin] = await db
      .select({
        username: owner.username,
        slug: hacks.slug,
        title: hacks.title,
        listed: hacks.listed,
        ownerId: hacks.ownerId,
      })
      .from(hacks)
      .innerJoin(profileRows.table, eq(owner.userId, hacks.ownerId))
      .where(eq(hacks.id, row.forkedFromId));
    // An unlisted origin's link is its owner's to share. The forker is told whose hack it was, without
    // the link; anyone else nothing: its author beside the fork's copied title and slug would spell it out.
    if (origin && readableById(origin, viewerId))
      forkedFrom = { username: origin.username, slug: origin.slug, title: origin.title };
    else if (origin && viewerId === row.ownerId) forkedFrom = { username: origin.username, slug: null, title: null };
  }
  const base = summary(row);
  return {
    ...base,
    files: row.files,
    forked_from: forkedFrom,
    can_edit: viewerId === row.ownerId,
    live_url: base.has_environment ? liveUrl(config, row.username, row.slug) : null,
    card_url: cardUrl(config, row.username, row.slug, row.updatedAt),
  };
}

async function page(db: Db, where: ReturnType<typeof eq> | undefined, pageNumber: number): Promise<HackPage> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(hacks).where(where);
  const rows = await db
    .select(summaryColumns)
    .from(hacks)
    .innerJoin(profileRows.table, eq(owner.userId, hacks.ownerId))
    .where(where)
    .orderBy(desc(hacks.updatedAt), desc(hacks.id))
    .limit(HACKS_PAGE_SIZE)
    .offset((pageNumber - 1) * HACKS_PAGE_SIZE);
  return {
    items: rows.map(summary),
    page: pageNumber,
    pages: Math.max(1, Math.ceil(total / HACKS_PAGE_SIZE)),
    total,
  };
}

/** The user's own hacks, the last changed first. */
export const listOwnHacks = (db: Db, userId: string, pageNumber: number) =>
  page(db, eq(hacks.ownerId, userId), pageNumber);

/** Explore: the hacks whose owners listed them, the last changed first. */
export const listExploreHacks = (db: Db, pageNumber: number) => page(db, eq(hacks.listed, true), pageNumber);

/** A free slug of this owner from `wanted` (wanted, wanted-2, wanted-3…). */
async function freeSlug(db: Db, ownerId: string, wanted: string): Promise<string> {
  const base = wanted || "hack";
  const taken = new Set(
    (
      await db
        .select({ slug: hacks.slug })
        .from(hacks)
        .where(and(eq(hacks.ownerId, ownerId), sql`${hacks.slug} like ${`${base}%`}`))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Inserts a hack at a free slug (a concurrent insert that took it: the next one). */
async function insertHack(
  db: Db,
  values: { ownerId: string; title: string; files: HackFile[]; listed: boolean; forkedFromId: number | null },
  wantedSlug: string,
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const slug = await freeSlug(db, values.ownerId, wantedSlug);
    try {
      const [row] = await db
        .insert(hacks)
        .values({ ...values, slug })
        .returning({ id: hacks.id });
      // A slug this owner used before now names the new hack, not the renamed one.
      await db
        .delete(hackPreviousSlugs)
        .where(and(eq(hackPreviousSlugs.ownerId, values.ownerId), eq(hackPreviousSlugs.slug, slug)));
      return row!.id;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/** POST hacks: a new hack (the three starter files unless files are given), unlisted unless said. */
export async function createHack(ctx: AppContext, userId: string, input: CreateHackInput): Promise<Hack> {
  const title = input.title ?? "Untitled hack";
  const id = await insertHack(
    ctx.db,
    {
      ownerId: userId,
      title,
      files: input.files ?? HACK_DEFAULT_FILES,
      listed: input.listed ?? false,
      forkedFromId: null,
    },
    slugify(title),
  );
  return present(ctx.db, ctx.config, id, userId);
}

/**
 * The hack at /hack/:username/:slug, also through an old username or slug of it: the answer carries the
 * current ones (callers redirect when they differ).
 */
export async function findHackAt(ctx: AppContext, username: string, slug: string, viewerId: string | null) {
  return present(ctx.db, ctx.config, await hackIdAt(ctx.db, username, slug), viewerId);
}

/** The id of the hack a link names (an old username or slug of it too); 404 when it names none. */
export async function hackIdAt(db: Db, username: string, slug: string, missing = "This hack does not exist.") {
  const user = await findUserByUsername(db, username);
  if (!user) throw notFound(missing);
  const [row] = await db
    .select({ id: hacks.id })
    .from(hacks)
    .where(and(eq(hacks.ownerId, user.id), eq(hacks.slug, slug)));
  const [previous] = row
    ? [row]
    : await db
        .select({ id: hackPreviousSlugs.hackId })
        .from(hackPreviousSlugs)
        .where(and(eq(hackPreviousSlugs.ownerId, user.id), eq(hackPreviousSlugs.slug, slug)));
  if (!previous) throw notFound(missing);
  return previous.id;
}

/** The caller's own hack; another's unlisted hack is as missing by id as an unused id (readableById). */
async function ownHack(db: Db, userId: string, id: number) {
  const [row] = await db
    .select({ ownerId: hacks.ownerId, slug: hacks.slug, listed: hacks.listed })
    .from(hacks)
    .where(eq(hacks.id, id));
  if (!row || !readableById(row, userId)) throw notFound("This hack does not exist.");
  if (row.ownerId !== userId) throw forbidden("Only the owner of this hack can change it.");
  return row;
}

/** PUT hacks/{id}: the owner changes the title, link name (old links redirect), files or listing. */
export async function updateHack(ctx: AppContext, userId: string, id: number, input: UpdateHackInput): Promise<Hack> {
  await ctx.transaction(async (tx) => {
    const current = await ownHack(tx.db, userId, id);
    const renamed = input.slug !== undefined && input.slug !== current.slug;
    if (renamed) {
      const [taken] = await tx.db
        .select({ id: hacks.id })
        .from(hacks)
        .where(and(eq(hacks.ownerId, userId), eq(hacks.slug, input.slug!)));
      if (taken) throw conflict(`You already have a hack at "${input.slug}". Choose another link name.`);
      await tx.db
        .delete(hackPreviousSlugs)
        .where(and(eq(hackPreviousSlugs.ownerId, userId), eq(hackPreviousSlugs.slug, input.slug!)));
      await tx.db
        .insert(hackPreviousSlugs)
        .values({ ownerId: userId, slug: current.slug, hackId: id })
        .onConflictDoUpdate({
          target: [hackPreviousSlugs.ownerId, hackPreviousSlugs.slug],
          set: { hackId: id },
        });
    }
    try {
      await tx.db
        .update(hacks)
        .set({
          ...(input.title !== undefined && { title: input.title }),
          ...(renamed && { slug: input.slug }),
          ...(input.files !== undefined && { files: input.files }),
          ...(input.listed !== undefined && { listed: input.listed }),
          updatedAt: new Date(),
        })
        .where(eq(hacks.id, id));
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict(`You already have a hack at "${input.slug}". Choose another link name.`);
      throw error;
    }
  });
  return present(ctx.db, ctx.config, id, userId);
}

/**
 * DELETE hacks/{id}: the owner's only; its old links go with it. Forks keep their forked_from_id (ids are
 * never reused) and simply find no origin any more: other users' rows are not touched.
 */
export async function deleteHack(ctx: AppContext, userId: string, id: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    await ownHack(tx.db, userId, id);
    await tx.db.delete(hacks).where(eq(hacks.id, id));
  });
}

const FORK_MISSING = "This hack does not exist any more, so it can not be forked.";

/**
 * POST hacks/{id}/fork: a copy in the caller's own hacks, attributed to the original. By id only a listed
 * hack or the caller's own: an unlisted one answers as if there were none.
 */
export const forkHack = (ctx: AppContext, userId: string, id: number) => forkOf(ctx, userId, id, true);

/** POST hacks/users/{username}/{slug}/fork: the fork of whoever holds the link, listed or not. */
export const forkHackAt = async (ctx: AppContext, userId: string, username: string, slug: string) =>
  forkOf(ctx, userId, await hackIdAt(ctx.db, username, slug, FORK_MISSING), false);

async function forkOf(ctx: AppContext, userId: string, id: number, byId: boolean): Promise<Hack> {
  const [source] = await ctx.db
    .select({ title: hacks.title, slug: hacks.slug, files: hacks.files, listed: hacks.listed, ownerId: hacks.ownerId })
    .from(hacks)
    .where(eq(hacks.id, id));
  if (!source || (byId && !readableById(source, userId))) throw notFound(FORK_MISSING);
  const newId = await insertHack(
    ctx.db,
    { ownerId: userId, title: source.title, files: source.files, listed: false, forkedFromId: id },
    source.slug,
  );
  return present(ctx.db, ctx.config, newId, userId);
}

export type LiveFile =
  | { kind: "file"; name: string; content: string }
  | { kind: "moved"; username: string; slug: string }
  | { kind: "none" };

/** One file of a live site (index.html by default); a moved hack answers where it is now. */
export async function findLiveFile(ctx: AppContext, username: string, slug: string, name: string): Promise<LiveFile> {
  let hack: Hack;
  try {
    hack = await findHackAt(ctx, username, slug, null);
  } catch {
    return { kind: "none" };
  }
  if (hack.owner.username !== username || hack.slug !== slug)
    return { kind: "moved", username: hack.owner.username, slug: hack.slug };
  if (!hack.has_environment) return { kind: "none" };
  const wanted = name.toLowerCase();
  const file = hack.files.find((f) => f.name.toLowerCase() === wanted);
  return file ? { kind: "file", name: file.name, content: file.content } : { kind: "none" };
}

/** What the preview card shows, and who may see it by id (readableById). */
export async function hackCardData(db: Db, id: number) {
  const [row] = await db
    .select({
      title: hacks.title,
      files: hacks.files,
      updatedAt: hacks.updatedAt,
      username: owner.username,
      listed: hacks.listed,
      ownerId: hacks.ownerId,
    })
    .from(hacks)
    .innerJoin(profileRows.table, eq(owner.userId, hacks.ownerId))
    .where(eq(hacks.id, id));
  return row ?? null;
}

/** For the server-rendered tags of /hack/:username/:slug (spa.ts): null when there is no such hack. */
export async function hackMeta(ctx: AppContext, username: string, slug: string) {
  try {
    return await findHackAt(ctx, username, slug, null);
  } catch {
    return null;
  }
}

/** account.deleted: the user's hacks and their old slugs (forks of them, other users' rows, stay as they are). */
export async function deleteHacksOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(hacks).where(eq(hacks.ownerId, userId));
}

/** The user's hacks for the data export. */
export async function hacksOf(db: Db, userId: string) {
  return db
    .select({
      title: hacks.title,
      slug: hacks.slug,
      listed: hacks.listed,
      files: hacks.files,
      createdAt: hacks.createdAt,
      updatedAt: hacks.updatedAt,
    })
    .from(hacks)
    .where(eq(hacks.ownerId, userId))
    .orderBy(hacks.id);
}
