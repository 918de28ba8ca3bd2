import { MESSAGES } from "@neonlab/shared/messages";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { createSubscriptionSession, currencySession, openProviderPage } from "./payments.ts";

/** The spec's toast names the call; a refusal with a reason (a 4xx) says it in a second line. */
function reportReason(error: unknown) {
  if (error instanceof ApiError && error.statusCode < 500) toast.warning(errorMessage(error));
}

/** "Get Pro": the checkout page for the plan, or the spec's failure toast with the server's reason. */
export async function startSubscriptionCheckout(priceId: string): Promise<boolean> {
  try {
    openProviderPage((await createSubscriptionSession(priceId)).url);
    return true;
  } catch (error) {
    toast.error(MESSAGES.createSubscriptionSessionFailed);
    reportReason(error);
    return false;
  }
}

/** "Buy NeonBits": the provider's page for one pack, or (without a pack) for the three. */
export async function startPackCheckout(priceId?: string): Promise<boolean> {
  try {
    openProviderPage((await currencySession(priceId)).url);
    return true;
  } catch (error) {
    toast.error(MESSAGES.currencySessionFailed);
    reportReason(error);
    return false;
  }
}
