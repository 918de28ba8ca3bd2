import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createRateLimits } from "./rate-limits.ts";

const limit = { max: 3, windowSeconds: 60 };
const hits = async (limits: ReturnType<typeof createRateLimits>, key: string, n: number) => {
  const waits: number[] = [];
  for (let i = 0; i < n; i++) waits.push(await limits.hit(key, limit));
  return waits;
};

describe("rate limits in memory (no REDIS_URL)", () => {
  it("allows `max` hits per window, then says how long to wait; each key and each process counts alone", async () => {
    const one = createRateLimits();
    const [a, b, c, over] = await hits(one, "ip:1", 4);
    expect([a, b, c]).toEqual([0, 0, 0]);
    expect(over).toBeGreaterThan(55);
    expect(over).toBeLessThanOrEqual(60);
    expect(await one.hit("ip:2", limit)).toBe(0);
    expect(await createRateLimits().hit("ip:1", limit)).toBe(0);
  });

  it("weighs a hit by its points; a refused hit counts nothing", async () => {
    await weighedHits(createRateLimits(), "user:1");
  });
});

/** 6 of 10 points, then 6 more refused (12 > 10) and not counted, so 4 still fit, and then nothing. */
async function weighedHits(limits: ReturnType<typeof createRateLimits>, key: string) {
  const ten = { max: 10, windowSeconds: 60 };
  expect(await limits.hit(key, ten, 6)).toBe(0);
  expect(await limits.hit(key, ten, 6)).toBeGreaterThan(0);
  expect(await limits.hit(key, ten, 4)).toBe(0);
  expect(await limits.hit(key, ten, 1)).toBeGreaterThan(0);
}

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
const redisDown = await redis.connect().then(
  () => undefined,
  (error: Error) => error.message,
);
if (redisDown) console.warn(`Skipping the shared rate-limit test: Redis at ${redisUrl} is unreachable (${redisDown}).`);

describe.skipIf(Boolean(redisDown))("rate limits on a shared Redis", () => {
  const prefix = `neonlab-test-${randomBytes(6).toString("hex")}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it("sums the hits of every instance", async () => {
    const first = createRateLimits({ redis, prefix });
    const second = createRateLimits({ redis, prefix });
    expect(await first.hit("email:a@b.test", limit)).toBe(0);
    expect(await second.hit("email:a@b.test", limit)).toBe(0);
    expect(await first.hit("email:a@b.test", limit)).toBe(0);
    expect(await second.hit("email:a@b.test", limit)).toBeGreaterThan(0);
    // Limits of another shape count apart, under their own keys.
    expect(await second.hit("email:a@b.test", { max: 1, windowSeconds: 60 })).toBe(0);
  });

  it("weighs a hit by its points there too; a refused hit counts nothing", async () => {
    await weighedHits(createRateLimits({ redis, prefix }), "user:1");
  });

  it("counts in memory while Redis does not answer, rather than refusing everyone or no one", async () => {
    const gone = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const limits = createRateLimits({ redis: gone, prefix });
    expect(await hits(limits, "ip:9", 3)).toEqual([0, 0, 0]);
    expect(await limits.hit("ip:9", limit)).toBeGreaterThan(0);
    gone.disconnect();
  });
});
