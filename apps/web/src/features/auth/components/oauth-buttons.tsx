import { Button, Stack } from "@mantine/core";
import { IconBrandGithub, IconBrandGoogle } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { errorMessage } from "../../../lib/api-client.ts";
import { type OAuthCarry, type OAuthProvider, oauthAuthorizationUrl } from "../api/oauth.ts";
import { toast } from "../../../lib/toasts.ts";

const PROVIDERS: { id: OAuthProvider; label: string; icon: typeof IconBrandGoogle }[] = [
  { id: "google", label: "Continue with Google", icon: IconBrandGoogle },
  { id: "github", label: "Continue with GitHub", icon: IconBrandGithub },
];

/** Google and GitHub sign-in; priceId and referral ride along to /redirect. */
export function OAuthButtons({ carry }: { carry: OAuthCarry }) {
  const start = useMutation({
    mutationFn: (provider: OAuthProvider) => oauthAuthorizationUrl(provider, carry),
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Stack gap="xs">
      {PROVIDERS.map(({ id, label, icon: Icon }) => (
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
      ))}
    </Stack>
  );
}
