import { createHash, randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { App } from "../../../app.ts";
import { buildExportFile } from "./file.ts";
import { dataExports } from "./schema.ts";

/** A ready export of `userId` with a known link token (what the job makes, without waiting for it). */
export async function readyExport(app: App, userId: string, options: { expired?: boolean } = {}) {
  const token = randomBytes(32).toString("base64url");
  const file = await buildExportFile(app.ctx.exportSections, app.ctx.db, userId, app.ctx.config.PUBLIC_URL);
  await app.ctx.db.delete(dataExports).where(eq(dataExports.userId, userId));
  await app.ctx.db.insert(dataExports).values({
    id: randomUUID(),
    userId,
    status: "ready",
    tokenHash: createHash("sha256").update(token).digest("hex"),
    content: JSON.stringify(file),
    readyAt: sql`now()`,
    expiresAt: options.expired ? sql`now() - interval '1 minute'` : sql`now() + interval '24 hours'`,
  });
  return token;
}

/** Waits until the user's latest export is prepared by the job. */
export async function waitForExport(app: App, headers: { authorization: string }) {
  for (let i = 0; i < 200; i++) {
    const res = await app.inject({ method: "GET", url: "/api/users/data-export", headers });
    if ((res.json() as { status: string }).status === "ready") return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the export was not prepared in time");
}
