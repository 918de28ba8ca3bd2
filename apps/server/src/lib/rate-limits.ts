import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { rateLimited } from "../errors.ts";

/** At most `max` hits per `windowSeconds` (a fixed window from the first hit). */
export type Limit = { max: number; windowSeconds: number };

/**
 * Every rate limit of the app, on one library (rate-limiter-flexible): counters in Redis when the instances
 * share one (REDIS_URL), so a limit counts the hits on all of them, else in this process's memory.
 */
export type RateLimits = {
  /**
   * Counts a hit of `points` (1 by default: one request; more when a request weighs several, e.g. images) on
   * `key`; resolves to the seconds to wait when over the limit, or 0 when allowed. A refused hit counts nothing.
   */
  hit(key: string, limit: Limit, points?: number): Promise<number>;
};

export function createRateLimits(options: { redis?: Redis; prefix?: string } = {}): RateLimits {
  const limiters = new Map<string, RateLimiterAbstract>();

  function limiterFor({ max, windowSeconds }: Limit): RateLimiterAbstract {
    const id = `${max}/${windowSeconds}`;
    let limiter = limiters.get(id);
    if (limiter) return limiter;
    const shape = { points: max, duration: windowSeconds };
    // Redis unreachable: counted in memory meanwhile (per instance) rather than refusing or letting all through.
    limiter = options.redis
      ? new RateLimiterRedis({
          ...shape,
          storeClient: options.redis,
          keyPrefix: `${options.prefix ?? ""}limit:${id}`,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(shape),
        })
      : new RateLimiterMemory(shape);
    limiters.set(id, limiter);
    return limiter;
  }

  return {
    async hit(key, limit, points = 1) {
      const limiter = limiterFor(limit);
      try {
        await limiter.consume(key, points);
        return 0;
      } catch (result) {
        if (!(result instanceof RateLimiterRes)) throw result;
        // consume() has counted the refused points. A single point changes nothing (the window is over its
        // limit either way); several are given back, so a smaller hit that still fits is not refused.
        if (points > 1) await limiter.reward(key, points).catch(() => {});
        return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
      }
    },
  };
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Per-IP limit of one route: `max` requests per `timeWindow` milliseconds. */
    rateLimit?: { max: number; timeWindow: number };
  }
}

/**
 * Routes with `config.rateLimit` count each caller's IP against it (the contact form, client error reports).
 * The hook is added to those routes only, so other requests do not pay for it. Register before the routes.
 */
export function registerRouteLimits(app: FastifyInstance, limits: RateLimits) {
  app.addHook("onRoute", (route) => {
    const rule = route.config?.rateLimit;
    if (!rule) return;
    const limit = { max: rule.max, windowSeconds: Math.ceil(rule.timeWindow / 1000) };
    const countCaller = async (request: FastifyRequest) => {
      const wait = await limits.hit(`route:${request.method}:${route.url}:${request.ip}`, limit);
      if (wait > 0) throw rateLimited(wait);
    };
    const existing = route.onRequest ?? [];
    route.onRequest = [...(Array.isArray(existing) ? existing : [existing]), countCaller];
  });
}
