import { Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { MESSAGES } from "@neonlab/shared/messages";
import { formatMoney } from "@neonlab/shared/format";
import { isManagedSubscription } from "@neonlab/shared/schemas/payment-rules";
import type { Subscription } from "@neonlab/shared/schemas/payments";
import { IconCoin, IconCreditCard, IconExchange, IconPlayerPlay, IconX } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { openConfirmDialog } from "../../../components/dialogs/open-dialogs.tsx";
import { toast } from "../../../lib/toasts.ts";
import { startPackCheckout } from "../api/checkout.ts";
import {
  billingHistoryQuery,
  cancelSubscription,
  openProviderPage,
  reactivateSubscription,
  subscriptionQuery,
  updateCustomerSession,
  updateSubscriptionSession,
} from "../api/payments.ts";
import { useFormatDate } from "../../../lib/dates.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

function statusOf(s: Subscription): { label: string; color: string } {
  if (s.status === "canceled") return { label: "Ended", color: "gray" };
  if (s.cancel_at_period_end) return { label: "Cancelled", color: "yellow" };
  if (s.status === "past_due") return { label: "Payment due", color: "red" };
  if (s.status === "trialing") return { label: "Trial", color: "cyan" };
  return { label: s.status === "active" ? "Active" : s.status, color: s.status === "active" ? "neon" : "gray" };
}

/** Settings → Subscription: plan, status, renewal or end date, cancel/reactivate, provider pages, billing history. */
export function SubscriptionSettings() {
  const day = useFormatDate();
  const queryClient = useQueryClient();
  const subscription = useQuery(subscriptionQuery());
  const history = useQuery(billingHistoryQuery());
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.payments.all() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.me() }),
    ]);

  const change = useMutation({
    mutationFn: (cancel: boolean) => (cancel ? cancelSubscription() : reactivateSubscription()),
    onSuccess: async (_, cancel) => {
      toast.success(cancel ? MESSAGES.subscriptionCancelled : MESSAGES.subscriptionReactivated);
      await refresh();
    },
    onError: () => toast.error(MESSAGES.cancelSubscriptionFailed),
  });
  const portal = useMutation({
    mutationFn: (what: "customer" | "subscription") =>
      what === "customer" ? updateCustomerSession() : updateSubscriptionSession(),
    onSuccess: ({ url }) => openProviderPage(url),
    onError: (_, what) =>
      toast.error(
        what === "customer" ? MESSAGES.updateCustomerSessionFailed : MESSAGES.manageSubscriptionSessionFailed,
      ),
  });

  if (subscription.isPending) return <Loader aria-label="Loading your subscription" />;
  const sub = subscription.data?.subscription ?? null;
  const live = sub !== null && isManagedSubscription(sub.status);

  const confirmChange = async (cancel: boolean) => {
    if (!sub) return;
    const confirmed = await openConfirmDialog({
      title: cancel ? "Cancel subscription" : "Reactivate subscription",
      message: cancel
        ? `<p>Pro stays active until <strong>${day(sub.current_period_end)}</strong>, then ends. You can reactivate it until then.</p><p>Cancel your subscription?</p>`
        : `<p>Your subscription will renew on <strong>${day(sub.current_period_end)}</strong>.</p><p>Reactivate your subscription?</p>`,
      confirmColor: cancel ? "red" : undefined,
    });
    if (confirmed) change.mutate(cancel);
  };

  return (
    <Stack gap="xl">
      <Stack gap="sm" data-subscription={sub?.status ?? "none"}>
        {!live || !sub ? (
          <>
            <Text>
              {subscription.data?.has_access
                ? "You have access to every premium course without a subscription."
                : "You are on the Free plan."}
              {sub?.status === "canceled" && ` Your Pro subscription ended on ${day(sub.current_period_end)}.`}
            </Text>
            <Group>
              <Button component={Link} to="/pricing">
                See Pro plans
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Group gap="sm">
              <Text fw={700} size="lg">
                Pro {sub.interval === "year" ? "yearly" : "monthly"}
              </Text>
              {sub.amount !== null && sub.currency && (
                <Text c="dimmed">
                  {formatMoney(sub.amount, sub.currency)} / {sub.interval}
                </Text>
              )}
              <Badge color={statusOf(sub).color} variant="light" data-testid="subscription-status">
                {statusOf(sub).label}
              </Badge>
            </Group>
            <Text data-testid="subscription-date">
              {sub.cancel_at_period_end
                ? `Pro ends on ${day(sub.current_period_end)}.`
                : `Renews on ${day(sub.current_period_end)}.`}
            </Text>
            <Group gap="sm">
              {sub.cancel_at_period_end ? (
                <Button
                  leftSection={<IconPlayerPlay size={16} />}
                  loading={change.isPending}
                  onClick={() => void confirmChange(false)}
                >
                  Reactivate subscription
                </Button>
              ) : (
                <Button
                  color="red"
                  variant="outline"
                  leftSection={<IconX size={16} />}
                  loading={change.isPending}
                  onClick={() => void confirmChange(true)}
                >
                  Cancel subscription
                </Button>
              )}
              <Button
                variant="default"
                leftSection={<IconExchange size={16} />}
                loading={portal.isPending && portal.variables === "subscription"}
                onClick={() => portal.mutate("subscription")}
              >
                Change plan
              </Button>
              <Button
                variant="default"
                leftSection={<IconCreditCard size={16} />}
                loading={portal.isPending && portal.variables === "customer"}
                onClick={() => portal.mutate("customer")}
              >
                Manage payment method
              </Button>
            </Group>
          </>
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="billing-history-title">
        <Group justify="space-between">
          <Title order={3} size="h5" id="billing-history-title">
            Billing history
          </Title>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCoin size={14} />}
            onClick={() => void startPackCheckout()}
          >
            Buy NeonBits
          </Button>
        </Group>
        {history.isPending ? (
          <Loader size="sm" aria-label="Loading your billing history" />
        ) : (history.data ?? []).length === 0 ? (
          <Text c="dimmed" size="sm">
            No payments yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table striped verticalSpacing="xs" data-testid="billing-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Invoice</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(history.data ?? []).map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>{day(item.date)}</Table.Td>
                    <Table.Td>{item.description}</Table.Td>
                    <Table.Td ta="right">{formatMoney(item.amount, item.currency)}</Table.Td>
                    <Table.Td tt="capitalize">{item.status}</Table.Td>
                    <Table.Td>
                      {item.invoice_url ? (
                        <Anchor href={item.invoice_url} target="_blank" rel="noopener noreferrer">
                          View
                        </Anchor>
                      ) : (
                        "—"
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}
