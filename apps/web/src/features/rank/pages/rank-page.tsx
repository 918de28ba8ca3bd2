import { Button, Skeleton, Stack, Tabs } from "@mantine/core";
import type { RankPeriod } from "@neonlab/shared/schemas/progress";
import { IconAlertTriangle, IconCalendarWeek, IconChartBar, IconInfinity } from "@tabler/icons-react";
import { Link, useSearchParams } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { saveReturnPath } from "../../../lib/return-path.ts";
import { useSession } from "../../../lib/session.tsx";
import { useRank } from "../api/get-rank.ts";
import { RankTable } from "../components/rank-table.tsx";
import classes from "../components/rank.module.css";
import { loadingStatus } from "../../../components/loading-status.ts";

/**
 * /rank: all-time and this-week XP leaderboards (?period=week), open to everyone; a signed-in learner also
 * sees their own position, even outside the top 50.
 */
export function RankPage() {
  const [params, setParams] = useSearchParams();
  const { status } = useSession();
  const period: RankPeriod = params.get("period") === "week" ? "week" : "all";

  const choose = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === "week") next.set("period", "week");
    else next.delete("period");
    setParams(next, { replace: true });
  };

  return (
    <div className={classes.page}>
      <header className={classes.intro}>
        <p className="nl-eyebrow">Leaderboard</p>
        <h1 className={classes.title}>Rank</h1>
        <p className={classes.lead}>
          Every completed lesson earns XP. The weekly board restarts each Monday at 00:00 UTC.
        </p>
        {status === "signed-out" && (
          <p className={classes.signIn} data-sign-in-hint>
            <Link to="/login" onClick={() => saveReturnPath("/rank")}>
              Sign in
            </Link>{" "}
            to see your own position.
          </p>
        )}
      </header>
      <Tabs value={period} onChange={choose} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="all" leftSection={<IconInfinity size={16} />}>
            All time
          </Tabs.Tab>
          <Tabs.Tab value="week" leftSection={<IconCalendarWeek size={16} />}>
            This week
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="all">
          <Leaderboard period="all" />
        </Tabs.Panel>
        <Tabs.Panel value="week">
          <Leaderboard period="week" />
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}

function Leaderboard({ period }: { period: RankPeriod }) {
  const rank = useRank(period);
  if (rank.isPending) {
    return (
      <Stack gap={6} {...loadingStatus("Loading the leaderboard")} data-loading>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={48} />
        ))}
      </Stack>
    );
  }
  if (rank.isError) {
    return (
      <section className={`nl-panel ${classes.state}`} role="alert">
        <IconAlertTriangle size={32} aria-hidden="true" />
        <p>{errorMessage(rank.error)}</p>
        <Button onClick={() => void rank.refetch()}>Try again</Button>
      </section>
    );
  }
  if (rank.data.entries.length === 0 && !rank.data.me) {
    return (
      <section className={`nl-panel ${classes.state}`} data-empty>
        <IconChartBar size={32} aria-hidden="true" />
        <p>
          {period === "week"
            ? "No XP earned this week yet. Complete a lesson to lead the board."
            : "Nobody has earned XP yet. Be the first."}
        </p>
      </section>
    );
  }
  return (
    <RankTable
      rank={rank.data}
      caption={period === "week" ? "Top 50 learners by XP earned this week" : "Top 50 learners by total XP"}
    />
  );
}
