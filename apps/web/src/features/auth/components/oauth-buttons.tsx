import { Button, Divider, Stack } from "@mantine/core";
import { IconBrandGithub, IconBrandGoogle } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { errorMessage } from "../../../lib/api-client.ts";
import { type OAuthCarry, type OAuthProvider, oauthAuthorizationUrl, useOAuthProviders } from "../api/oauth.ts";
import { toast } from "../../../lib/toasts.ts";

const PROVIDERS: Record<OAuthProvider, { label: string; icon: typeof IconBrandGoogle }> = {
  google: { label: "Continue with Google", icon: IconBrandGoogle },
  github: { label: "Continue with GitHub", icon: IconBrandGithub },
};

/**
 * Sign-in with the providers the server has configured (GET /api/config), then `divider` between them and
 * the e-mail form; with none configured, nothing at all. priceId and referral ride along to /redirect.
 */
export function OAuthButtons({ carry, divider }: { carry: OAuthCarry; divider: string }) {
  const providers = useOAuthProviders();
  const start = useMutation({
    mutationFn: (provider: OAuthProvider) => oauthAuthorizationUrl(provider, carry),
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (providers.length === 0) return null;
  return (
    <>
      <Stack gap="xs">
        {providers.map((id) => {
          const { label, icon: Icon } = PROVIDERS[id];
          return (
            <Button
              key={id}
              variant="default"
              fullWidth
              leftSection={<Icon size={18} />}
              loading={start.isPending && start.variables === id}
              disabled={start.isPending && start.variables !== id}
              onClick={() => start.mutate(id)}
            >
              {label}
            </Button>
          );
        })}
      </Stack>
      <Divider label={divider} labelPosition="center" />
    </>
  );
}
