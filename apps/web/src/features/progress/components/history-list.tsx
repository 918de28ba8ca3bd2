import { Button, SegmentedControl, Skeleton, Stack, Table, Text } from "@mantine/core";
import type { HistoryKind } from "@neonlab/shared/schemas/progress";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client.ts";
import { useHistory } from "../api/get-history.ts";
import { filterHistory, formatAmount, HISTORY_FILTERS } from "../lib/history-format.ts";
import classes from "./progress.module.css";
import { loadingStatus } from "../../../components/loading-status.ts";

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

/** Why XP, NeonBits and the streak are what they are: date, reason and amount of every change. */
export function HistoryList() {
  const history = useHistory(100);
  const [kind, setKind] = useState<HistoryKind | "all">("all");
  const entries = history.data ? filterHistory(history.data.entries, kind) : [];

  return (
    <section className={`nl-panel ${classes.panel}`} aria-labelledby="history-title" data-history>
      <h2 id="history-title" className={classes.panelTitle}>
        History
      </h2>
      <SegmentedControl
        value={kind}
        onChange={(value) => setKind(value as HistoryKind | "all")}
        data={HISTORY_FILTERS}
        aria-label="Show history of"
        size="sm"
        className={classes.filter}
      />
      {history.isPending ? (
        <Stack gap={6} {...loadingStatus("Loading the history")}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : history.isError ? (
        <Stack gap="xs" align="flex-start" role="alert">
          <Text>{errorMessage(history.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : entries.length === 0 ? (
        <Text c="dimmed" data-empty>
          {kind === "all"
            ? "Nothing yet. Complete a lesson and your XP shows up here."
            : "No entries of this kind yet."}
        </Text>
      ) : (
        <div className={classes.tableWrap}>
          <Table verticalSpacing="xs" className={classes.historyTable}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
                <Table.Th scope="col" className={classes.amount}>
                  Amount
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id} data-history-entry={entry.kind}>
                  <Table.Td className={classes.date}>
                    <time dateTime={entry.date}>
                      {dayFormat.format(new Date(entry.date))}
                      <span className={classes.time}>{timeFormat.format(new Date(entry.date))}</span>
                    </time>
                  </Table.Td>
                  <Table.Td>{entry.description}</Table.Td>
                  <Table.Td className={classes.amount} data-sign={Math.sign(entry.amount)}>
                    {formatAmount(entry)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
