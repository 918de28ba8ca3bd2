import { desc, eq } from "drizzle-orm";
import { CODE_MAX_WRONG_TRIES } from "@neonlab/shared/constants";
import type { Db } from "../db/client.ts";
import { verifications } from "../modules/identity/accounts/schema.ts";
import { otpIdentifier } from "./code-throttle.ts";

/**
 * Better Auth checks an e-mail code by consuming its row and writing it back with one more wrong
 * try. A guess that arrives while another is being checked finds no row and is answered "invalid"
 * without being checked, so a burst of 50 wrong guesses counted one try and left the code alive.
 * Here the requests that touch one address's code take turns (in this process, and with Redis among
 * every instance: decision 015), and a code that used up its tries is refused before Better Auth runs, so
 * the rest of a burst is told to ask for a new code and the row keeps its counter.
 */

/** Better Auth routes that check or replace an e-mail code, and the code type they use. */
const CODE_ROUTES: Record<string, (body: Record<string, unknown>) => unknown> = {
  "/sign-in/email-otp": () => "sign-in",
  "/email-otp/verify-email": () => "email-verification",
  "/email-otp/check-verification-otp": (body) => body.type,
  "/email-otp/send-verification-otp": (body) => body.type,
};
const CHECK_ROUTES = new Set(["/sign-in/email-otp", "/email-otp/verify-email", "/email-otp/check-verification-otp"]);

export type CodeTarget = { identifier: string; checks: boolean };

/** The code a request touches (its verification identifier), or null. */
export function codeTarget(path: string, body: unknown): CodeTarget | null {
  const typeOf = CODE_ROUTES[path];
  if (!typeOf || body === null || typeof body !== "object") return null;
  const fields = body as Record<string, unknown>;
  const type = typeOf(fields);
  if (typeof type !== "string" || typeof fields.email !== "string") return null;
  return { identifier: otpIdentifier(type as "sign-in", fields.email), checks: CHECK_ROUTES.has(path) };
}

export const exhaustedCodeMessage = "Too many attempts with this code. Please request a new code.";

/** True when the address's live code (Better Auth reads the newest row) has no tries left. */
export async function codeExhausted(db: Db, identifier: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ value: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, identifier))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  // An expired code is left to Better Auth, which answers "expired".
  if (!row || row.expiresAt <= now) return false;
  const tries = Number(row.value.slice(row.value.lastIndexOf(":") + 1));
  return Number.isFinite(tries) && tries >= CODE_MAX_WRONG_TRIES;
}

/** Holds `key` among every instance while `task` runs (lib/redis.ts withSharedLock). */
export type SharedLock = <T>(key: string, task: () => Promise<T>) => Promise<T>;

/**
 * Runs tasks with the same key (a code identifier) one after another: in arrival order within this process,
 * then, with `sharedLock`, one instance at a time.
 */
export class CodeTurns {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly sharedLock?: SharedLock;

  constructor(sharedLock?: SharedLock) {
    this.sharedLock = sharedLock;
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => done);
    this.tails.set(key, tail);
    await previous;
    try {
      return await (this.sharedLock ? this.sharedLock(`code:${key}`, task) : task());
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
