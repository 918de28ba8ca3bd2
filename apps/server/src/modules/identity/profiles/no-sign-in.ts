import type { RunInTransaction } from "../../../transaction.ts";
import { users } from "../accounts/schema.ts";
import { createProfile } from "./service.ts";

// Accounts nobody signs in to (the demo content's author, docs/decisions/042): no password, no provider, and an
// address under the reserved top-level domain .invalid, which never receives mail. auth/auth.ts refuses such an
// account every session, whatever way in is tried (a mailed code, a password reset, a provider with that address).

/** Whether the address is under .invalid: an account with it never gets a session. */
export function isNoSignInEmail(email: string): boolean {
  return /\.invalid$/i.test(email.trim());
}

/** Creates a confirmed account without any way to sign in, and its profile; answers its id. */
export async function createAccountWithoutSignIn(
  transaction: RunInTransaction,
  account: { email: string; name: string },
): Promise<string> {
  if (!isNoSignInEmail(account.email)) throw new Error(`${account.email} is not under .invalid`);
  const id = crypto.randomUUID();
  await transaction(({ db }) =>
    db.insert(users).values({ id, email: account.email.toLowerCase(), name: account.name, emailVerified: true }),
  );
  await createProfile(transaction, { id, name: account.name, email: account.email });
  return id;
}
