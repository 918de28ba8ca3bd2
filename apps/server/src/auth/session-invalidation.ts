import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { SharedRedis } from "../lib/redis.ts";

/**
 * Tells the other instances that a user's sessions changed (sign-out, password or e-mail change, revoked
 * sessions, account deleted), so each drops what it cached (docs/decisions/015). A lost message costs at
 * most the cache time (5 s).
 */
export type SessionInvalidation = {
  /** Announces to the other instances that `userId`'s cached sessions are stale. */
  publish(userId: string): void;
  /** Calls `forget` for every user another instance announces. */
  subscribe(forget: (userId: string) => void): void;
};

export function redisSessionInvalidation(redis: SharedRedis, log: FastifyBaseLogger): SessionInvalidation {
  const channel = `${redis.prefix}sessions:forget`;
  // Our own messages come back too; this instance has already forgotten those.
  const instance = randomUUID();
  return {
    publish(userId) {
      redis.client
        .publish(channel, `${instance} ${userId}`)
        .catch((error) =>
          log.warn({ err: error }, "session invalidation not published; other instances catch up within 5 s"),
        );
    },
    subscribe(forget) {
      const subscriber = redis.waitingConnection();
      subscriber.on("message", (from: string, message: string) => {
        const [sender, userId] = message.split(" ");
        if (from === channel && sender !== instance && userId) forget(userId);
      });
      subscriber.subscribe(channel).catch((error) => log.error({ err: error }, "session invalidations not subscribed"));
    },
  };
}
