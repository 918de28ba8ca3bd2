import { Alert, Button, Center, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { exchangeOneTimeToken } from "../api/oauth.ts";
import { AuthCard } from "../components/auth-card.tsx";
import { oauthErrorMessage } from "../lib/oauth-errors.ts";
import { pricingPath, useCompleteSignIn } from "../lib/use-complete-sign-in.ts";

export { pricingPath } from "../lib/use-complete-sign-in.ts";

/** Query value the server adds to /redirect (apps/server/src/auth/oauth.ts HANDOFF_PARAM). */
export const HANDOFF_PARAM = "ott";

/** Return from Google or GitHub: the server hands over a one-time token that becomes the session. */
export function RedirectPage() {
  const [params] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  const token = params.get(HANDOFF_PARAM);
  const providerError = params.get("error");
  const priceId = params.get("priceId");

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (providerError) {
      setFailure(oauthErrorMessage(providerError));
      return;
    }
    if (!token) {
      setFailure("This sign-in link is incomplete. Please sign in again.");
      return;
    }
    // A one-time token works once; the ref keeps a remount from spending it twice.
    exchangeOneTimeToken(token)
      .then((bearer) => completeSignIn(bearer, priceId ? pricingPath(priceId) : undefined))
      .catch((error: unknown) => setFailure(errorMessage(error)));
  }, [token, providerError, priceId, completeSignIn]);

  if (failure) {
    return (
      <AuthCard title="Sign-in failed">
        <Alert color="red" role="alert">
          {failure}
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          Back to Sign In
        </Button>
      </AuthCard>
    );
  }

  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text>Signing you in…</Text>
      </Stack>
    </Center>
  );
}
