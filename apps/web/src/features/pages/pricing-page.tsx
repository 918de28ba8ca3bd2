import { Badge, Button, List, SimpleGrid, Text } from "@mantine/core";
import { IconCheck, IconCoin } from "@tabler/icons-react";
import { Link } from "react-router";
import { useSession } from "../../lib/session.tsx";
import { PageHeader } from "./components/page-header.tsx";
import classes from "./pricing-page.module.css";

type Plan = { id: string; name: string; cadence: string; note: string; features: string[]; highlight?: boolean };

const FREE_FEATURES = [
  "Every public course",
  "The first chapter of every Pro course",
  "Quizzes, reflections, XP, streaks and badges",
  "AI tutor: 20 questions a day",
  "Hacks with shareable links",
];
const PRO_FEATURES = [
  "Everything in Free",
  "Every premium course and guided project",
  "Write and publish blogs",
  "AI tutor: 200 questions a day",
  "Keep Pro until the end of a cancelled period",
];

const PLANS: Plan[] = [
  { id: "free", name: "Free", cadence: "forever", note: "No card needed.", features: FREE_FEATURES },
  {
    id: "pro-monthly",
    name: "Pro",
    cadence: "monthly",
    note: "Billed every month. Cancel any time.",
    features: PRO_FEATURES,
    highlight: true,
  },
  { id: "pro-yearly", name: "Pro", cadence: "yearly", note: "Billed once a year.", features: PRO_FEATURES },
];

const PACKS = [
  { id: "neonbits-500", amount: 500, hint: "Three streak freezes" },
  { id: "neonbits-1200", amount: 1200, hint: "A boost and a few freezes" },
  { id: "neonbits-2600", amount: 2600, hint: "For long streaks" },
];

const format = (n: number) => new Intl.NumberFormat("en-US").format(n);

export function PricingPage() {
  const { status } = useSession();
  const signedIn = status === "signed-in";
  return (
    <>
      <PageHeader eyebrow="// pricing" title="Plans for every pace">
        <p>Start free. Upgrade to Pro when you want every course, blogging and more time with the AI tutor.</p>
      </PageHeader>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {PLANS.map((plan) => (
          <article
            key={plan.id}
            className={`nl-panel ${classes.plan}`}
            data-plan={plan.id}
            data-highlight={plan.highlight || undefined}
            aria-labelledby={`plan-${plan.id}`}
          >
            {plan.highlight && (
              <Badge className={classes.flag} color="magenta" variant="filled" radius={2}>
                Most popular
              </Badge>
            )}
            <h2 id={`plan-${plan.id}`} className={classes.name}>
              {plan.name} <span className={classes.cadence}>{plan.cadence}</span>
            </h2>
            <Text c="dimmed" size="sm" mb="md">
              {plan.note}
            </Text>
            <List
              spacing={8}
              icon={<IconCheck size={16} className={classes.check} aria-hidden="true" />}
              className={classes.features}
            >
              {plan.features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
            {plan.id === "free" ? (
              <Button component={Link} to={signedIn ? "/courses" : "/register"} variant="default" fullWidth>
                {signedIn ? "Keep learning" : "Start free"}
              </Button>
            ) : signedIn ? (
              <Text size="sm" c="dimmed" ta="center" data-checkout={plan.id}>
                Pro is not on sale here yet. Every free course and each Pro course's first chapter are open to you.
              </Text>
            ) : (
              <Button component={Link} to="/register" fullWidth variant={plan.highlight ? "filled" : "default"}>
                Create account to upgrade
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
          {PACKS.map((pack) => (
            <div key={pack.id} className={classes.pack} data-pack={pack.id}>
              <IconCoin size={26} aria-hidden="true" />
              <div>
                <p className={classes.packAmount}>{format(pack.amount)} NeonBits</p>
                <Text size="sm" c="dimmed">
                  {pack.hint}
                </Text>
              </div>
            </div>
          ))}
        </SimpleGrid>
      </section>
    </>
  );
}
