import type { DeleteAccountInput } from "@neonlab/shared/schemas/auth";
import { queryOptions } from "@tanstack/react-query";
import { api, getQuery } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/**
 * DELETE /api/users: removes the account and its data (product rules), proven by the account's password, or
 * for an account without one (Google or GitHub only) its username.
 */
export const deleteAccount = (proof: DeleteAccountInput) =>
  api<{ message: string }>("users", { method: "DELETE", body: proof });

/** Better Auth's list of the user's sign-in methods: a "credential" one means the account has a password. */
export const linkedAccountsQuery = () =>
  queryOptions({
    queryKey: queryKeys.linkedAccounts(),
    ...getQuery<{ providerId: string }[]>("auth/list-accounts"),
  });
