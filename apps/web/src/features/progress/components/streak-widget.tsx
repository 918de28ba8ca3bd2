import { Badge, Button, Group, Skeleton, Text } from "@mantine/core";
import { MESSAGES } from "@neonlab/shared/messages";
import type { Streak } from "@neonlab/shared/schemas/progress";
import { IconFlame, IconSnowflake } from "@tabler/icons-react";
import { openConfirmDialog } from "../../../components/dialogs/open-dialogs.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { useStreak } from "../api/get-streak.ts";
import { type StreakAction, useManageStreak } from "../api/manage-streak.ts";
import { streakStatusText } from "../lib/streak-status.ts";
import classes from "./progress.module.css";

/** The signed-in user's streak with the freeze, unfreeze and save controls (product rules). */
export function StreakWidget({ neonbits }: { neonbits: number }) {
  const streak = useStreak();
  const manage = useManageStreak();

  const run = (action: StreakAction) =>
    manage.mutate(action, { onError: () => toast.error(MESSAGES.manageStreakFailed) });

  const save = async (data: Streak) => {
    if (!data.save) return;
    const confirmed = await openConfirmDialog({
      title: "Save your streak",
      message: `Restore your ${data.save.count}-day streak for ${data.save.cost} NeonBits (${data.save.missed_days} missed ${data.save.missed_days === 1 ? "day" : "days"})?`,
    });
    if (confirmed) run({ type: "save", save: true });
  };

  const freeze = async (data: Streak) => {
    const { inventory } = data.freeze;
    const confirmed = await openConfirmDialog({
      title: "Put a freeze on",
      message: `Use 1 of your ${inventory} streak ${inventory === 1 ? "freeze" : "freezes"}? While it is on, a missed day uses it instead of breaking your ${data.count}-day streak.`,
    });
    if (confirmed) run({ type: "freeze" });
  };

  const unfreeze = async () => {
    const confirmed = await openConfirmDialog({
      title: "Take the freeze off",
      message:
        "Take the freeze off your streak? It goes back into your inventory, and a missed day breaks the streak again.",
    });
    if (confirmed) run({ type: "unfreeze" });
  };

  const reset = async () => {
    const confirmed = await openConfirmDialog({
      title: "Start over",
      message: "Let the broken streak go and start again from 0?",
      confirmColor: "red",
    });
    if (confirmed) run({ type: "save", save: false });
  };

  return (
    <section className={`nl-panel ${classes.panel}`} aria-labelledby="streak-title" data-streak-widget>
      <h2 id="streak-title" className={classes.panelTitle}>
        Streak
      </h2>
      {streak.isPending ? (
        <Skeleton height={120} />
      ) : streak.isError ? (
        <Group gap="sm">
          <Text c="dimmed">{errorMessage(streak.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void streak.refetch()}>
            Try again
          </Button>
        </Group>
      ) : (
        <div className={classes.streak} data-status={streak.data.status}>
          <div className={classes.streakCount}>
            <IconFlame size={34} aria-hidden="true" />
            <span data-streak-count>{streak.data.count}</span>
            <span className={classes.streakUnit}>{streak.data.count === 1 ? "day" : "days"}</span>
          </div>
          <Text>{streakStatusText(streak.data.status, streak.data.count)}</Text>

          <div className={classes.control}>
            <Group gap="xs">
              <IconSnowflake size={18} aria-hidden="true" className={classes.freezeIcon} />
              <Text fw={600}>Streak freeze</Text>
              <Badge
                className={streak.data.freeze.on ? classes.onAccent : undefined}
                color={streak.data.freeze.on ? "cyan" : "gray"}
                variant={streak.data.freeze.on ? "filled" : "outline"}
              >
                {streak.data.freeze.on ? "On" : "Off"}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {`${streak.data.freeze.inventory} ${streak.data.freeze.inventory === 1 ? "freeze" : "freezes"} in your inventory. While a freeze is on, a missed day uses it instead of breaking your streak.`}
            </Text>
            <Group gap="xs">
              {streak.data.freeze.on ? (
                <Button size="sm" variant="default" loading={manage.isPending} onClick={() => void unfreeze()}>
                  Take the freeze off
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="default"
                  loading={manage.isPending}
                  disabled={streak.data.freeze.inventory === 0 || streak.data.count === 0}
                  onClick={() => void freeze(streak.data)}
                >
                  Put a freeze on
                </Button>
              )}
            </Group>
          </div>

          {streak.data.save && (
            <div className={classes.control} data-streak-save>
              <Text fw={600}>{`Your ${streak.data.save.count}-day streak can still be saved`}</Text>
              <Text size="sm" c="dimmed">
                {`Saving costs ${streak.data.save.cost} NeonBits; you have ${neonbits}.`}
              </Text>
              <Group gap="xs">
                <Button
                  size="sm"
                  color="magenta"
                  className={classes.onAccent}
                  loading={manage.isPending}
                  disabled={!streak.data.save.affordable}
                  onClick={() => void save(streak.data)}
                >
                  {`Save for ${streak.data.save.cost} NeonBits`}
                </Button>
                <Button size="sm" variant="default" disabled={manage.isPending} onClick={() => void reset()}>
                  Start over
                </Button>
              </Group>
            </div>
          )}
          {!streak.data.save && streak.data.lost_count !== null && streak.data.lost_count > 0 && (
            <Text
              size="sm"
              c="dimmed"
            >{`Your ${streak.data.lost_count}-day streak broke too long ago to be saved.`}</Text>
          )}
        </div>
      )}
    </section>
  );
}
