// Seeds a bench database directly (no argon2 per user): users, profiles and bearer sessions.
import { randomBytes, randomUUID } from "node:crypto";
import { EDITOR_DEFAULTS } from "@neonlab/shared/constants";
import { createDatabase } from "../apps/server/src/db/client.ts";
import { profiles, sessions, users } from "../apps/server/src/db/schema.ts";

export type Seeded = { tokens: string[]; usernames: string[] };

export async function seed(options: { url?: string; dataDir?: string; users: number }): Promise<Seeded> {
  const database = createDatabase({ url: options.url, dataDir: options.dataDir });
  await database.migrate();
  const tokens: string[] = [];
  const usernames: string[] = [];
  const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
  for (let start = 0; start < options.users; start += 500) {
    const batch = Array.from({ length: Math.min(500, options.users - start) }, (_, i) => {
      const n = start + i;
      return { id: randomUUID(), n, token: randomBytes(24).toString("base64url") };
    });
    await database.db
      .insert(users)
      .values(
        batch.map((u) => ({ id: u.id, name: `Bench ${u.n}`, email: `bench-${u.n}@bench.test`, emailVerified: true })),
      );
    await database.db.insert(profiles).values(
      batch.map((u) => ({
        id: u.id,
        displayName: `Bench ${u.n}`,
        username: `bench-${u.n}`,
        editorPreferences: { ...EDITOR_DEFAULTS },
        xp: (u.n * 37) % 5000,
      })),
    );
    await database.db
      .insert(sessions)
      .values(batch.map((u) => ({ id: randomUUID(), token: u.token, userId: u.id, expiresAt })));
    for (const u of batch) {
      tokens.push(u.token);
      usernames.push(`bench-${u.n}`);
    }
  }
  await database.close();
  return { tokens, usernames };
}
