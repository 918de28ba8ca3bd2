import { Button, List, Stack, Text } from "@mantine/core";
import type { GiveawayRound } from "@neonlab/shared/schemas/giveaway";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { getAllTickets, usePastRounds, useTickets } from "../api/giveaway.ts";
import { type Verdict, verifyRound } from "../lib/verify.ts";
import classes from "./giveaway.module.css";
import { formatCount } from "@neonlab/shared/format";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function VerifyButton({ round }: { round: GiveawayRound }) {
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      setVerdict(await verifyRound(round, await getAllTickets(round.id)));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button size="xs" variant="default" onClick={() => void run()} loading={busy}>
        Check this draw in my browser
      </Button>
      {error ? <Text role="alert">{error}</Text> : null}
      {verdict ? (
        <List spacing={2} size="sm" data-verdict={verdict.ok ? "ok" : "mismatch"}>
          {verdict.checks.map((check) => (
            <List.Item
              key={check.label}
              icon={check.ok ? <IconCircleCheck size={16} color="var(--nl-accent)" /> : <IconCircleX size={16} />}
            >
              {check.label}: {check.ok ? "yes" : "NO"}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

/** The round's sorted tickets, 100 at a time (keyset pages), shown on request. */
function TicketList({ round }: { round: GiveawayRound }) {
  const [open, setOpen] = useState(false);
  const tickets = useTickets(round.id, open);
  const list = tickets.data?.pages.flatMap((page) => page.tickets) ?? [];
  const listId = `tickets-${round.id}`;
  if (round.entryCount === 0) return <Text size="sm">No tickets.</Text>;
  return (
    <Stack gap={6} align="flex-start">
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
      >
        {open
          ? "Hide the tickets"
          : round.entryCount === 1
            ? "Show the ticket"
            : `Show the ${formatCount(round.entryCount)} sorted tickets`}
      </Button>
      {!open ? null : tickets.isPending ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : tickets.isError ? (
        <Text size="sm" role="alert">
          {errorMessage(tickets.error)}
        </Text>
      ) : (
        <>
          {/* A scrolling box: focusable, so it scrolls from the keyboard too. */}
          <ol
            id={listId}
            className={classes.tickets}
            data-tickets={round.id}
            aria-label={`Tickets of ${round.title}`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
          >
            {list.map((ticket) => (
              <li key={ticket}>
                <code>{ticket}</code>
              </li>
            ))}
          </ol>
          <Text size="sm" c="dimmed" aria-live="polite">
            {formatCount(list.length)} of {formatCount(round.entryCount)} shown
          </Text>
          {tickets.hasNextPage ? (
            <Button
              size="xs"
              variant="default"
              onClick={() => void tickets.fetchNextPage()}
              loading={tickets.isFetchingNextPage}
            >
              Show more tickets
            </Button>
          ) : null}
        </>
      )}
    </Stack>
  );
}

function PastRound({ round }: { round: GiveawayRound }) {
  return (
    <article className={classes.round} data-past-round={round.id} aria-labelledby={`round-${round.id}`}>
      <h3 id={`round-${round.id}`} className={classes.panelTitle}>
        {round.title}
      </h3>
      <Text size="sm" c="dimmed">
        Drawn {round.drawnAt ? dateFormat.format(new Date(round.drawnAt)) : ""} · {formatCount(round.entryCount)}{" "}
        {round.entryCount === 1 ? "entry" : "entries"} · {formatCount(round.prize)} NeonBits each
      </Text>
      {round.winnerList.length === 0 ? (
        <Text>No entries, no winner.</Text>
      ) : (
        <ol className={classes.winners} data-winners>
          {round.winnerList.map((w) => (
            <li key={w.position} data-winner={w.username ?? ""}>
              {w.username ? (
                <Link to={`/profile/${w.username}`}>{w.displayName ?? w.username}</Link>
              ) : (
                "A deleted account"
              )}{" "}
              <Text span size="sm" c="dimmed">
                (ticket <code>{w.ticket}</code>)
              </Text>
            </li>
          ))}
        </ol>
      )}
      <dl className={classes.facts}>
        <dt>Seed hash</dt>
        <dd className={classes.hash}>{round.seedHash}</dd>
        <dt>Seed</dt>
        <dd className={classes.hash}>{round.seed}</dd>
        <dt>Entries hash</dt>
        <dd className={classes.hash}>{round.entriesHash}</dd>
      </dl>
      <TicketList round={round} />
      <VerifyButton round={round} />
    </article>
  );
}

/** Drawn rounds, newest first, with their winners and everything needed to check each draw. */
export function PastRounds() {
  const rounds = usePastRounds();
  const list = rounds.data?.pages.flatMap((page) => page.rounds) ?? [];
  return (
    <section className={`nl-panel ${classes.panel}`} aria-labelledby="past-title" data-past-rounds>
      <h2 id="past-title" className={classes.panelTitle}>
        Past winners
      </h2>
      {rounds.isPending ? (
        <Text c="dimmed">Loading…</Text>
      ) : rounds.isError ? (
        <Text role="alert">{errorMessage(rounds.error)}</Text>
      ) : list.length === 0 ? (
        <Text c="dimmed">No round has been drawn yet.</Text>
      ) : (
        list.map((round) => <PastRound key={round.id} round={round} />)
      )}
      {rounds.hasNextPage ? (
        <Button variant="default" onClick={() => void rounds.fetchNextPage()} loading={rounds.isFetchingNextPage}>
          Show older rounds
        </Button>
      ) : null}
    </section>
  );
}
