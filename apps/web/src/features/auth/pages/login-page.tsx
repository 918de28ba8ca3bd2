import { Alert, Anchor, Group, Tabs, Text } from "@mantine/core";
import { IconKey, IconMail } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthCard } from "../components/auth-card.tsx";
import { CodeSignInForm } from "../components/code-sign-in-form.tsx";
import { ConfirmEmailDialogOnOpen } from "../components/confirm-email-dialog-on-open.tsx";
import { OAuthButtons } from "../components/oauth-buttons.tsx";
import { PasswordSignInForm } from "../components/password-sign-in-form.tsx";
import { oauthErrorMessage } from "../lib/oauth-errors.ts";
import { pricingPath } from "../lib/use-complete-sign-in.ts";

export function LoginPage() {
  const [params] = useSearchParams();
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const providerError = params.get("error");
  // A plan picked on /pricing: once signed in, on to its checkout.
  const priceId = params.get("priceId");
  const then = priceId ? pricingPath(priceId) : undefined;

  return (
    <AuthCard title="Sign in" subtitle="Jack back into NeonLab.">
      {providerError && (
        <Alert color="red" role="alert">
          {oauthErrorMessage(providerError)}
        </Alert>
      )}
      <OAuthButtons carry={{ priceId, referral: params.get("referral") }} divider="or with your email" />
      <Tabs defaultValue="password" keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="password" leftSection={<IconKey size={16} />}>
            Password
          </Tabs.Tab>
          <Tabs.Tab value="code" leftSection={<IconMail size={16} />}>
            Email code
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="password">
          <PasswordSignInForm onUnconfirmed={setUnconfirmedEmail} then={then} />
        </Tabs.Panel>
        <Tabs.Panel value="code">
          <CodeSignInForm then={then} />
        </Tabs.Panel>
      </Tabs>
      <Group justify="space-between" gap="xs">
        <Anchor component={Link} to="/forgot" size="sm">
          Forgot password?
        </Anchor>
        <Text size="sm">
          New here?{" "}
          <Anchor component={Link} to="/register">
            Create an account
          </Anchor>
        </Text>
      </Group>
      <ConfirmEmailDialogOnOpen
        opened={unconfirmedEmail !== null}
        email={unconfirmedEmail ?? ""}
        onClose={() => setUnconfirmedEmail(null)}
        then={then}
      />
    </AuthCard>
  );
}
