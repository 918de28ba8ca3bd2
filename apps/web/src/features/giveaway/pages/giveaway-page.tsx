import { Button, Skeleton, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { PageHeader } from "../../../components/page-header.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session.tsx";
import { useNow } from "../../../lib/use-now.ts";
import { useGiveaway } from "../api/giveaway.ts";
import { CurrentRound } from "../components/current-round.tsx";
import classes from "../components/giveaway.module.css";
import { HowToVerify } from "../components/how-to-verify.tsx";
import { PastRounds } from "../components/past-rounds.tsx";
import { loadingStatus } from "../../../components/loading-status.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** /giveaway: the weekly NeonBits giveaway — the current round, entering it, past winners and how to check a draw. */
export function GiveawayPage() {
  const { status, refreshProfile } = useSession();
  const now = useNow(true);
  const polled = useGiveaway();
  const queryClient = useQueryClient();
  const roundId = polled.data?.current?.id ?? null;
  // A round that was drawn gives way to the next (or none): its winners join the past rounds, and a
  // prize won shows in the header's NeonBits.
  const previous = useRef(roundId);
  useEffect(() => {
    if (previous.current === roundId) return;
    previous.current = roundId;
    void queryClient.invalidateQueries({ queryKey: queryKeys.giveaway.rounds() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.ledger.all() });
    void refreshProfile();
  }, [roundId, queryClient, refreshProfile]);

  return (
    <div className={classes.page}>
      <PageHeader eyebrow="NeonBits" title="Giveaway" className={classes.header}>
        <p>Enter each round for free; at its end the server draws the winners in the open.</p>
      </PageHeader>
      {polled.isPending ? (
        <Skeleton height={220} {...loadingStatus("Loading the giveaway")} />
      ) : polled.isError ? (
        <Stack gap="xs" align="flex-start" role="alert">
          <Text>{errorMessage(polled.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void polled.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : (
        <CurrentRound state={polled.data} now={now} signedIn={status === "signed-in"} />
      )}
      <PastRounds />
      <HowToVerify />
    </div>
  );
}
