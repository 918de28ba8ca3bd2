import { Alert, Button, Group, Loader, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { MESSAGES } from "@neonlab/shared/messages";
import { DELETE_ACCOUNT_MESSAGES } from "@neonlab/shared/schemas/auth";
import { LIVE_SUBSCRIPTION_STATUSES } from "@neonlab/shared/schemas/payment-rules";
import type { SubscriptionAnswer } from "@neonlab/shared/schemas/payments";
import { IconAlertTriangle, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { subscriptionQuery } from "../../payments/index.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { deleteAccount, linkedAccountsQuery } from "../api/delete-account.ts";

type Proof = "password" | "username";

const PLAN = { month: "Pro monthly", year: "Pro yearly" } as const;

/**
 * What deleting does to a subscription, as the server does it (payments: account-deletion.ts): one that may still
 * renew is cancelled at the provider at once. Null when there is none; unknown (the answer failed): said as a rule.
 */
function subscriptionSentence(answer: SubscriptionAnswer | undefined, failed: boolean): string | null {
  if (failed) return "If you have a Pro subscription, it will be cancelled at once and not renewed.";
  const subscription = answer?.subscription;
  if (!subscription || !(LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status)) return null;
  const plan = subscription.interval ? PLAN[subscription.interval] : "Pro";
  return `Your ${plan} subscription will be cancelled at once and not renewed.`;
}

/**
 * Settings → Account → Delete Account: says what goes (and what happens to a live subscription), asks for the
 * password — or, for an account without one, the username — and deletes. A wrong or missing proof is said at the
 * field and the dialog stays open; `onDeleted` once the account is gone.
 */
export function DeleteAccountDialog({
  username,
  onDeleted,
  onCancel,
}: {
  username: string;
  onDeleted: () => void;
  onCancel: () => void;
}) {
  const accounts = useQuery(linkedAccountsQuery());
  const subscription = useQuery(subscriptionQuery());
  // The server names the proof it wants when the list of sign-in methods could not be read.
  const [asked, setAsked] = useState<Proof | null>(null);
  const proof: Proof =
    asked ?? (accounts.data && !accounts.data.some((a) => a.providerId === "credential") ? "username" : "password");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [tooMany, setTooMany] = useState<string | null>(null);

  const remove = useMutation({
    mutationFn: () => deleteAccount(proof === "password" ? { password: value } : { username: value }),
    onSuccess: onDeleted,
    onError: (failure) => {
      if (!(failure instanceof ApiError) || failure.statusCode >= 500) {
        toast.error(MESSAGES.accountDeleteFailed);
        return;
      }
      if (failure.statusCode === 429) return setTooMany(failure.message);
      if (failure.message === DELETE_ACCOUNT_MESSAGES.usernameRequired) setAsked("username");
      if (failure.message === DELETE_ACCOUNT_MESSAGES.passwordRequired) setAsked("password");
      setError(failure.message);
    },
  });

  // The field appears once the sign-in methods are known, after the dialog took focus: it takes it then.
  const input = useRef<HTMLInputElement>(null);
  const ready = !accounts.isPending;
  useEffect(() => {
    if (ready) input.current?.focus();
  }, [ready, proof]);

  const loading = accounts.isPending || subscription.isPending;
  const sentence = subscriptionSentence(subscription.data, subscription.isError);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (loading || remove.isPending) return;
    if (!value.trim()) {
      setError(
        proof === "password" ? DELETE_ACCOUNT_MESSAGES.passwordRequired : DELETE_ACCOUNT_MESSAGES.usernameRequired,
      );
      return;
    }
    setTooMany(null);
    remove.mutate();
  };
  const field = {
    ref: input,
    value,
    error,
    required: true,
    disabled: remove.isPending,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setValue(event.currentTarget.value);
      setError(null);
    },
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <IconAlertTriangle
            size={30}
            stroke={1.6}
            aria-hidden="true"
            style={{ color: "var(--nl-accent-2)", flex: "none" }}
          />
          <Stack gap="xs" data-confirm-message>
            <Text size="sm">
              Your profile, progress, NeonBits, blogs and hacks will be deleted and you will be signed out.
            </Text>
            {sentence && (
              <Text size="sm" fw={700} data-subscription-notice>
                {sentence}
              </Text>
            )}
            <Text size="sm">
              <strong>This can not be undone.</strong>
            </Text>
          </Stack>
        </Group>
        {accounts.isPending ? (
          <Loader size="sm" aria-label="Loading your sign-in methods" />
        ) : proof === "password" ? (
          <PasswordInput
            label="Password"
            description="Enter your password to confirm."
            autoComplete="current-password"
            {...field}
          />
        ) : (
          <TextInput
            label="Username"
            description={`Your account has no password: type your username, ${username}, to confirm.`}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...field}
          />
        )}
        {tooMany && (
          <Alert color="red" role="alert">
            {tooMany}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            color="red"
            leftSection={<IconTrash size={18} />}
            loading={remove.isPending}
            disabled={loading}
          >
            Delete Account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
