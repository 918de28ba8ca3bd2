import type { Tx } from "../transaction.ts";

/** An account Better Auth has just written, with the `referral` code its sign-up came with (auth.ts: referralOf). */
export type NewAccount = { id: string; email: string; emailVerified: boolean; referral: string | null };

/**
 * What a module does when an account is created or confirmed (a manifest's `accountHooks`). Better Auth calls
 * its hooks after its own commit, so each runs in a transaction of its own (one that may publish) and can not
 * undo the sign-up: a failure is logged and the sign-up or confirmation stands.
 */
export type AccountHooks = {
  created?: (account: NewAccount, tx: Tx) => Promise<unknown>;
  /** Every update of a confirmed account calls it, not only the first: it acts once by itself. */
  confirmed?: (userId: string, tx: Tx) => Promise<unknown>;
};

/** The hooks of one module, named for the log. */
export type ModuleAccountHooks = AccountHooks & { module: string };
