import { Badge, Button, List, SimpleGrid, Text } from "@mantine/core";
import { formatCount, formatMoney } from "@neonlab/shared/format";
import { isManagedSubscription } from "@neonlab/shared/schemas/payment-rules";
import type { SubscriptionPrice } from "@neonlab/shared/schemas/payments";
import { IconCheck, IconCoin } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  startPackCheckout,
  startSubscriptionCheckout,
  subscriptionQuery,
  useCurrencyProduct,
  useSubscriptionProduct,
} from "../payments/index.ts";
import { useSession } from "../../lib/session.tsx";
import { PageHeader } from "./components/page-header.tsx";
import classes from "./pricing-page.module.css";

const FREE_FEATURES = [
  "Every public course",
  "The first chapter of every Pro course",
  "Quizzes, reflections, XP, streaks and badges",
  "Hacks with shareable links",
];

const PACK_HINTS: Record<number, string> = {
  500: "Three streak freezes",
  1200: "A boost and a few freezes",
  2600: "For long streaks",
};

const cadence = (p: SubscriptionPrice) => (p.interval === "year" ? "yearly" : "monthly");

/** /pricing: Free and Pro (monthly, yearly) with the prices the payment provider has, and the NeonBits packs. */
export function PricingPage() {
  const { status } = useSession();
  const signedIn = status === "signed-in";
  const product = useSubscriptionProduct();
  const packs = useCurrencyProduct();
  const subscription = useQuery({ ...subscriptionQuery(), enabled: signedIn });
  const hasPro = isManagedSubscription(subscription.data?.subscription?.status ?? "");
  const [busy, setBusy] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const picked = params.get("priceId");
  const buyNeonBits = params.get("buy") === "neonbits";

  const checkout = async (priceId: string) => {
    setBusy(priceId);
    if (!(await startSubscriptionCheckout(priceId))) setBusy(null);
  };

  // Back from sign-up or social sign-in with a plan picked: continue to its checkout, once.
  const continued = useRef(false);
  useEffect(() => {
    if (!signedIn || continued.current) return;
    if (buyNeonBits) {
      // "Buy NeonBits" (account menu): the provider's page offering the three packs.
      continued.current = true;
      setParams({}, { replace: true });
      setBusy("neonbits");
      void startPackCheckout().then((left) => left || setBusy(null));
      return;
    }
    if (!picked || !subscription.isSuccess) return;
    continued.current = true;
    setParams({}, { replace: true });
    if (!hasPro) void checkout(picked);
  });

  const proFeatures = ["Everything in Free", ...(product.data?.features ?? [])];
  return (
    <>
      <PageHeader eyebrow="// pricing" title="Plans for every pace">
        <p>Start free. Upgrade to Pro for every course, guided projects and the blog editor.</p>
      </PageHeader>
      {busy && (
        <Text role="status" c="dimmed" mb="md">
          Taking you to checkout…
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <article className={`nl-panel ${classes.plan}`} data-plan="free" aria-labelledby="plan-free">
          <h2 id="plan-free" className={classes.name}>
            Free <span className={classes.cadence}>forever</span>
          </h2>
          <p className={classes.price}>$0</p>
          <Text c="dimmed" size="sm" mb="md">
            No card needed.
          </Text>
          <List
            spacing={8}
            icon={<IconCheck size={16} className={classes.check} aria-hidden="true" />}
            className={classes.features}
          >
            {FREE_FEATURES.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
          <Button component={Link} to={signedIn ? "/courses" : "/register"} variant="default" fullWidth>
            {signedIn ? "Keep learning" : "Start free"}
          </Button>
        </article>
        {(product.data?.prices ?? []).map((price) => (
          <article
            key={price.id}
            className={`nl-panel ${classes.plan}`}
            data-plan={`pro-${cadence(price)}`}
            data-highlight={price.interval === "year" || undefined}
            aria-labelledby={`plan-${price.id}`}
          >
            {price.saving_percent > 0 && (
              <Badge className={classes.flag} color="magenta" variant="filled" radius={2}>
                Save {price.saving_percent}%
              </Badge>
            )}
            <h2 id={`plan-${price.id}`} className={classes.name}>
              Pro <span className={classes.cadence}>{cadence(price)}</span>
            </h2>
            <p className={classes.price} data-price={price.id}>
              {formatMoney(price.amount, price.currency)}
              <span className={classes.per}> / {price.interval}</span>
            </p>
            <Text c="dimmed" size="sm" mb="md">
              {price.interval === "year"
                ? `${formatMoney(price.monthly_amount, price.currency)} a month, billed once a year.`
                : "Billed every month. Cancel any time."}
            </Text>
            <List
              spacing={8}
              icon={<IconCheck size={16} className={classes.check} aria-hidden="true" />}
              className={classes.features}
            >
              {proFeatures.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
            {!signedIn ? (
              <Button component={Link} to={`/register?${new URLSearchParams({ priceId: price.id })}`} fullWidth>
                Get Pro {cadence(price)}
              </Button>
            ) : hasPro ? (
              <Button component={Link} to="/settings?tab=subscription" variant="default" fullWidth>
                You have Pro: manage it
              </Button>
            ) : (
              <Button
                fullWidth
                loading={busy === price.id}
                disabled={busy !== null}
                onClick={() => void checkout(price.id)}
              >
                Get Pro {cadence(price)}
              </Button>
            )}
          </article>
        ))}
      </SimpleGrid>

      <section className={classes.packs} aria-labelledby="packs-title">
        <h2 id="packs-title" className={classes.packsTitle}>
          NeonBits packs
        </h2>
        <Text c="dimmed" mb="md">
          NeonBits buy streak freezes and XP boosts in the shop. You also earn them by finishing chapters and courses.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {(packs.data?.prices ?? []).map((pack) => (
            <div key={pack.id} className={classes.pack} data-pack={pack.id}>
              <IconCoin size={26} aria-hidden="true" />
              <div className={classes.packText}>
                <p className={classes.packAmount}>{formatCount(pack.neonbits)} NeonBits</p>
                <Text size="sm" c="dimmed">
                  {formatMoney(pack.amount, pack.currency)} · {PACK_HINTS[pack.neonbits] ?? "NeonBits for the shop"}
                </Text>
              </div>
              {signedIn ? (
                <Button size="xs" variant="default" onClick={() => void startPackCheckout(pack.id)}>
                  Buy
                </Button>
              ) : (
                <Button size="xs" variant="default" component={Link} to="/register">
                  Sign up
                </Button>
              )}
            </div>
          ))}
        </SimpleGrid>
      </section>
    </>
  );
}
