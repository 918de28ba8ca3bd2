import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, lt, lte, or, sql } from "drizzle-orm";
import type { DataExportStatus } from "@neonlab/shared/schemas/data-export";
import { DATA_EXPORT_MESSAGES } from "@neonlab/shared/schemas/data-export";
import { dataExportReadyMail } from "../../../adapters/mail/templates.ts";
import type { Db } from "../../../db/client.ts";
import { AppError, notFound, rateLimited } from "../../../errors.ts";
import { users } from "../accounts/schema.ts";
import type { AppContext } from "../../../context.ts";
import { buildExportFile } from "./file.ts";
import { dataExports } from "./schema.ts";

/** How long a download link works. */
export const EXPORT_LINK_HOURS = 24;
/** One request per user per this many seconds (the app's rate limiter). */
export const EXPORT_REQUEST_WINDOW_SECONDS = 3600;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Starts an export and queues the job, once an hour per user (the app's rate limiter: 429 with the minutes to
 * wait); an earlier link keeps working until its 24 hours end.
 */
export async function requestExport(
  { transaction, limits }: Pick<AppContext, "transaction" | "limits">,
  userId: string,
) {
  const wait = await limits.hit(`data-export:${userId}`, { max: 1, windowSeconds: EXPORT_REQUEST_WINDOW_SECONDS });
  if (wait > 0) throw rateLimited(wait, DATA_EXPORT_MESSAGES.tooSoon(Math.ceil(wait / 60)));
  await transaction(async (tx) => {
    await tx.db
      .delete(dataExports)
      .where(
        and(
          eq(dataExports.userId, userId),
          or(eq(dataExports.status, "pending"), lte(dataExports.expiresAt, sql`now()`)),
        ),
      );
    const id = randomUUID();
    await tx.db.insert(dataExports).values({ id, userId, status: "pending" });
    await tx.enqueue("prepare-data-export", { exportId: id });
  });
}

type ExportContext = Pick<AppContext, "transaction" | "exportSections" | "config">;

/**
 * The job: reads every section, stores the file with the SHA-256 of a fresh random token, and mails the
 * link (same transaction: no mail without a file). Also empties files whose links expired.
 */
export async function prepareExport(ctx: ExportContext, exportId: string) {
  const { transaction, exportSections, config } = ctx;
  await transaction(async (tx) => {
    await tx.db
      .update(dataExports)
      .set({ content: null })
      .where(and(lt(dataExports.expiresAt, sql`now()`), sql`${dataExports.content} is not null`));
    const [row] = await tx.db
      .select({ userId: dataExports.userId, status: dataExports.status, email: users.email })
      .from(dataExports)
      .innerJoin(users, eq(users.id, dataExports.userId))
      .where(eq(dataExports.id, exportId))
      .for("update");
    // Superseded by a newer request, the account deleted, or already done by an earlier attempt.
    if (row?.status !== "pending") return;
    const file = await buildExportFile(exportSections, tx.db, row.userId, config.PUBLIC_URL);
    const token = randomBytes(32).toString("base64url");
    await tx.db
      .update(dataExports)
      .set({
        status: "ready",
        content: JSON.stringify(file, null, 2),
        tokenHash: hashToken(token),
        readyAt: sql`now()`,
        expiresAt: sql`now() + make_interval(hours => ${EXPORT_LINK_HOURS})`,
      })
      .where(eq(dataExports.id, exportId));
    const link = new URL(`/settings?tab=account&export=${token}`, config.PUBLIC_URL).toString();
    await tx.enqueue("send-mail", dataExportReadyMail(row.email, link));
  });
}

/** The caller's latest export, for Settings. */
export async function exportStatus(db: Db, userId: string): Promise<DataExportStatus> {
  const [row] = await db
    .select({
      status: dataExports.status,
      requestedAt: dataExports.requestedAt,
      expiresAt: dataExports.expiresAt,
      expired: sql<boolean>`coalesce(${dataExports.expiresAt} <= now(), false)`,
    })
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  if (!row) return { status: "none", requestedAt: null, expiresAt: null };
  return {
    status: row.expired ? "expired" : row.status,
    requestedAt: row.requestedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/**
 * The file behind a link, for its own user only: a token of someone else's export answers exactly like an
 * unknown one (404), so a link reveals nothing to another account; an expired link answers 410.
 */
export async function downloadExport(db: Db, userId: string, token: string) {
  const [row] = await db
    .select({
      content: dataExports.content,
      readyAt: dataExports.readyAt,
      expired: sql<boolean>`${dataExports.expiresAt} <= now()`,
    })
    .from(dataExports)
    .where(and(eq(dataExports.tokenHash, hashToken(token)), eq(dataExports.userId, userId)));
  if (!row) throw notFound(DATA_EXPORT_MESSAGES.invalidLink);
  if (row.expired || !row.content) throw new AppError(410, DATA_EXPORT_MESSAGES.expiredLink);
  return { content: row.content, date: (row.readyAt ?? new Date()).toISOString().slice(0, 10) };
}
