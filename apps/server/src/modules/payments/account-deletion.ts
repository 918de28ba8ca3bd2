import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { paymentProvider } from "./provider-choice.ts";
import { detachUser, liveSubscriptionIds } from "./webhook.ts";

/**
 * In the deleting transaction: the account's billing data is detached, and each live subscription's
 * cancellation becomes a job of that transaction (retried if the provider does not answer).
 */
export async function detachDeletedAccount(jobs: JobQueue, tx: Db, userId: string) {
  for (const subscriptionId of await liveSubscriptionIds(tx, userId))
    await jobs.sendInTransaction(tx, "cancel-subscription", { subscriptionId });
  await detachUser(tx, userId);
}

/** The cancel-subscription job: the provider ends a deleted account's subscription now. */
export async function cancelAtProvider(ctx: AppContext, subscriptionId: string) {
  const { provider } = await paymentProvider(ctx);
  await provider.cancelNow(subscriptionId);
}
