import { useCallback } from "react";
import { useNavigate } from "react-router";
import { consumeReturnPath } from "../../../lib/return-path.ts";
import { useSession } from "../../../lib/session.tsx";

export const AFTER_SIGN_IN_PATH = "/courses";

/** Where the price the visitor picked before signing in is taken up again (on to its checkout). */
export function pricingPath(priceId: string): string {
  return `/pricing?${new URLSearchParams({ priceId }).toString()}`;
}

/**
 * Stores the bearer token, loads the profile, then leaves the auth screen: for `to` when given,
 * else for the page the visitor was sent away from, else /courses.
 */
export function useCompleteSignIn() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return useCallback(
    async (token: string, to?: string) => {
      await signIn(token);
      navigate(to ?? consumeReturnPath() ?? AFTER_SIGN_IN_PATH, { replace: true });
    },
    [signIn, navigate],
  );
}
