import { createHmac, timingSafeEqual } from "node:crypto";
import type { Role } from "@neonlab/shared/constants";
import type { Db } from "../db/client.ts";
import { createProfile, findSessionByToken } from "../modules/identity/service.ts";
import type { RunInTransaction } from "../transaction.ts";
import type { SessionInvalidation } from "./session-invalidation.ts";

export type AuthUser = { id: string; email: string; role: Role; sessionId: string };

export type SessionResolver = {
  /** The user behind a bearer token, or null when the token is unknown, forged or expired. */
  resolve(bearer: string): Promise<AuthUser | null>;
  /** Drops a token from the cache at once (sign-out; resolve it first so the other instances hear of it too). */
  forgetToken(bearer: string): void;
  /**
   * Drops every cached session of a user at once (account deleted, role, password or e-mail changed), here and,
   * through the shared Redis, on the other instances.
   */
  forgetUser(userId: string): void;
  /**
   * Calls `listener` with the user after every forget, here or announced by another instance, once the cache
   * no longer holds that user's sessions (realtime checks the user's sockets again: decision 015).
   */
  onForget(listener: (userId: string) => void): void;
};

type Entry = { user: AuthUser | null; cachedUntil: number; sessionExpiresAt: number };

const MAX_ENTRIES = 50_000;

/**
 * The fast path for authenticated requests (docs/decisions/002-session-fast-path.md): verify the
 * bearer token's signature ourselves, look the session up with one indexed query, and keep the
 * answer for `ttlMs`. Sign-out, account deletion and password or e-mail changes take effect at once in this
 * process and, with `invalidation` (Redis), as soon as the other instances hear of it (decision 015); changes
 * nobody announces (the admin CLI, a lost message) within `ttlMs`.
 */
export function createSessionResolver(options: {
  db: Db;
  /** ctx.transaction: a session whose user has no profile yet makes it. */
  transaction: RunInTransaction;
  secret: string;
  ttlMs?: number;
  now?: () => number;
  invalidation?: SessionInvalidation;
}) {
  const { db, transaction, secret, invalidation } = options;
  const ttlMs = options.ttlMs ?? 5_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, Entry>();
  // Bumped by every forget: a lookup that was under way meanwhile may have read the old row, so it is not kept.
  let forgets = 0;
  const listeners: ((userId: string) => void)[] = [];
  const told = (userId: string) => {
    for (const listener of listeners) listener(userId);
  };

  const forgetLocally = (userId: string) => {
    forgets += 1;
    for (const [key, entry] of cache) if (entry.user?.id === userId) cache.delete(key);
    told(userId);
  };
  invalidation?.subscribe(forgetLocally);

  async function lookup(sessionToken: string): Promise<{ user: AuthUser; expiresAt: number } | null> {
    const row = await findSessionByToken(db, sessionToken);
    if (!row) return null;
    // Sign-up makes the profile after the user row and can not roll back (auth.ts): make a missing one now.
    if (!row.hasProfile) await createProfile(transaction, { id: row.userId, name: row.name, email: row.email });
    const user = { id: row.userId, email: row.email, role: row.role, sessionId: row.sessionId };
    return { user, expiresAt: row.expiresAt.getTime() };
  }

  const resolver: SessionResolver = {
    async resolve(bearer) {
      const cached = cache.get(bearer);
      const at = now();
      if (cached && cached.cachedUntil > at) return cached.sessionExpiresAt > at ? cached.user : null;
      const sessionToken = verifiedSessionToken(bearer, secret);
      const forgetsBefore = forgets;
      const found = sessionToken ? await lookup(sessionToken) : null;
      if (cache.size >= MAX_ENTRIES) cache.clear();
      if (forgets === forgetsBefore) {
        cache.set(bearer, {
          user: found?.user ?? null,
          cachedUntil: at + ttlMs,
          sessionExpiresAt: found?.expiresAt ?? 0,
        });
      }
      return found && found.expiresAt > at ? found.user : null;
    },
    forgetToken(bearer) {
      const userId = cache.get(bearer)?.user?.id;
      forgets += 1;
      cache.delete(bearer);
      if (!userId) return;
      // The other instances key their caches by the same token; telling them the user is enough.
      invalidation?.publish(userId);
      told(userId);
    },
    forgetUser(userId) {
      forgetLocally(userId);
      invalidation?.publish(userId);
    },
    onForget(listener) {
      listeners.push(listener);
    },
  };
  return resolver;
}

/**
 * Better Auth's bearer tokens are `<session token>.<HMAC-SHA256 of it, base64>`, sometimes
 * URL-encoded. Like its bearer plugin (requireSignature off), a bare session token is accepted too.
 */
export function verifiedSessionToken(bearer: string, secret: string): string | null {
  let token = bearer;
  if (token.includes("%")) {
    try {
      token = decodeURIComponent(token);
    } catch {
      return null;
    }
  }
  const dot = token.indexOf(".");
  if (dot === -1) return token;
  const value = token.slice(0, dot);
  // Signed cookies carry standard base64 (with padding); accept the base64url spelling too.
  const given = token
    .slice(dot + 1)
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .replace(/=+$/, "");
  const signature = Buffer.from(given);
  const expected = Buffer.from(createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, ""));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null;
}
