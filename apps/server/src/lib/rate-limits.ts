import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { errorBody } from "../errors.ts";

/** At most `max` hits per `windowSeconds` (a fixed window from the first hit). */
export type Limit = { max: number; windowSeconds: number };

/**
 * Every rate limit of the app, on one library (rate-limiter-flexible): counters in Redis when the instances
 * share one (REDIS_URL), so a limit counts the hits on all of them, else in this process's memory.
 */
export type RateLimits = {
  /** Counts one hit on `key`; resolves to the seconds to wait when over the limit, or 0 when allowed. */
  hit(key: string, limit: Limit): Promise<number>;
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
    async hit(key, limit) {
      try {
        await limiterFor(limit).consume(key);
        return 0;
      } catch (result) {
        if (result instanceof RateLimiterRes) return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
        throw result;
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

/** Answers 429 in the app's error shape, with Retry-After. */
export function tooMany(
  reply: FastifyReply,
  wait: number,
  message = `Too many attempts. Please wait ${wait} seconds and try again.`,
) {
  reply.header("retry-after", String(wait));
  return reply.status(429).send(errorBody(429, message));
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
    const countCaller = async (request: FastifyRequest, reply: FastifyReply) => {
      const wait = await limits.hit(`route:${request.method}:${route.url}:${request.ip}`, limit);
      if (wait > 0) return tooMany(reply, wait);
    };
    const existing = route.onRequest ?? [];
    route.onRequest = [...(Array.isArray(existing) ? existing : [existing]), countCaller];
  });
}
