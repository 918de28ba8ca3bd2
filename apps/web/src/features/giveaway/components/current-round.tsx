import { Badge, Button, Group, Text } from "@mantine/core";
import type { GiveawayState } from "@neonlab/shared/schemas/giveaway";
import { IconConfetti, IconTicket } from "@tabler/icons-react";
import { errorMessage } from "../../../lib/api-client.ts";
import { timeLeft } from "../../../lib/time-left.ts";
import { toast } from "../../../lib/toasts.ts";
import { useEnterGiveaway } from "../api/giveaway.ts";
import classes from "./giveaway.module.css";
import { formatCount } from "@neonlab/shared/format";

/** The round open now (or the next one): prize, countdown, entries, the caller's ticket or the Enter button. */
export function CurrentRound({ state, now, signedIn }: { state: GiveawayState; now: number; signedIn: boolean }) {
  const enter = useEnterGiveaway();
  const round = state.current;
  if (!round) {
    return (
      <section className={`nl-panel ${classes.panel}`} aria-labelledby="current-title" data-current-round="none">
        <h2 id="current-title" className={classes.panelTitle}>
          No round right now
        </h2>
        <Text c="dimmed">The next giveaway round has not been announced yet. Past winners are below.</Text>
      </section>
    );
  }
  const starts = Date.parse(round.startsAt);
  const ends = Date.parse(round.endsAt);
  const upcoming = starts > now;
  const ended = ends <= now;

  const onEnter = () =>
    enter.mutate(undefined, {
      onSuccess: () => toast.success("You are in this round. Good luck!"),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <section className={`nl-panel ${classes.panel}`} aria-labelledby="current-title" data-current-round={round.id}>
      <Group justify="space-between" align="flex-start">
        <div>
          <p className="nl-eyebrow">{upcoming ? "Next round" : ended ? "Drawing now" : "Open now"}</p>
          <h2 id="current-title" className={classes.panelTitle}>
            {round.title}
          </h2>
        </div>
        <Badge size="lg" variant="outline" color="cyan" leftSection={<IconConfetti size={14} />}>
          {round.winners} × {formatCount(round.prize)} NeonBits
        </Badge>
      </Group>
      <div>
        <Text size="sm" c="dimmed">
          {upcoming ? "Opens in" : ended ? "The draw runs on the server" : "Closes in"}
        </Text>
        <span className={classes.countdown} data-countdown aria-live="off">
          {upcoming ? timeLeft(starts, now) : ended ? "any second" : timeLeft(ends, now)}
        </span>
      </div>
      <Text data-entry-count={round.entryCount}>
        {round.entryCount === 1 ? "1 entry" : `${formatCount(round.entryCount)} entries`} so far. One entry per person
        per round.
      </Text>
      {state.entry ? (
        <Text data-entered>
          <IconTicket size={18} aria-hidden="true" /> You are in. Your ticket: <code>{state.entry.ticket}</code>
        </Text>
      ) : signedIn && !upcoming && !ended ? (
        <Button onClick={onEnter} loading={enter.isPending} leftSection={<IconTicket size={18} />} w="fit-content">
          Enter this round
        </Button>
      ) : null}
      <dl className={classes.facts}>
        <dt>Seed hash (published now)</dt>
        <dd className={classes.hash} data-seed-hash>
          {round.seedHash}
        </dd>
      </dl>
    </section>
  );
}
