// The upload burst of `npm run bench -- memory`: three writers each send one request of four 36 MP images at
// the same moment (12 images to decode; PNG with alpha, the format that costs the most per pixel within the
// caps), RSS sampled every 250 ms meanwhile, then once more 5 s after the last answer. Budget:
// PGlite ≤ 400 MB 5 s after.
import type { ChildProcess } from "node:child_process";
import { inArray } from "drizzle-orm";
import sharp from "sharp";
import { createDatabase } from "../apps/server/src/db/client.ts";
import { profiles } from "../apps/server/src/db/schema.ts";
import { type Memory, sampleMemory, sampleWhile } from "./memory-sample.ts";

export const BURST = { requests: 3, imagesPerRequest: 4, side: 6000 } as const;
/** RSS 5 s after the burst, embedded database (MB). */
export const BURST_BUDGET = { pglite: 400 } as const;

/** Lets these seeded users write blogs (admin-given access); run while no server holds the database. */
export async function grantWriters(where: { url?: string; dataDir?: string }, userIds: string[]) {
  const database = createDatabase(where);
  await database.db.update(profiles).set({ accessGranted: true }).where(inArray(profiles.id, userIds));
  await database.close();
}

/** A 6000 × 6000 RGBA PNG (gradients, under the 5 MB file limit). */
async function bigPng(): Promise<Buffer> {
  const { side } = BURST;
  const pixels = Buffer.alloc(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 4;
      pixels[i] = (x * 255) / side;
      pixels[i + 1] = (y * 255) / side;
      pixels[i + 2] = ((x + y) * 127) / side;
      pixels[i + 3] = 255 - (x * 127) / side;
    }
  }
  const png = await sharp(pixels, { raw: { width: side, height: side, channels: 4 } })
    .png()
    .toBuffer();
  if (png.length > 5 * 1024 * 1024) throw new Error(`the burst's PNG is ${png.length} bytes, over 5 MB`);
  return png;
}

export type BurstResult = { seconds: number; statuses: number[]; highest: Memory; after: Memory };

/** Each token's user writes a draft, then all upload at once; memory while they run and 5 s after. */
export async function uploadBurst(child: ChildProcess, base: string, tokens: string[]): Promise<BurstResult> {
  const png = await bigPng();
  const drafts = await Promise.all(
    tokens.slice(0, BURST.requests).map(async (token) => {
      const headers = { authorization: `Bearer ${token}` };
      const res = await fetch(`${base}/api/blogs`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: "{}",
      });
      if (res.status !== 201) throw new Error(`creating a draft answered ${res.status}: ${await res.text()}`);
      return { headers, id: ((await res.json()) as { id: number }).id };
    }),
  );
  const started = performance.now();
  const uploads = Promise.all(
    drafts.map(async ({ headers, id }) => {
      const form = new FormData();
      for (let i = 0; i < BURST.imagesPerRequest; i++)
        form.append("file", new Blob([new Uint8Array(png)]), `big-${i}.png`);
      const res = await fetch(`${base}/api/blogs/${id}/upload-images`, { method: "PATCH", headers, body: form });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const { result: statuses, samples } = await sampleWhile(child, 250, uploads);
  const seconds = (performance.now() - started) / 1000;
  const highest = samples.reduce((a, b) => (b.rss > a.rss ? b : a), samples[0] ?? (await sampleMemory(child)));
  await new Promise((r) => setTimeout(r, 5000));
  return { seconds, statuses, highest, after: await sampleMemory(child) };
}
