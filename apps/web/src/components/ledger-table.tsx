import { Button, SegmentedControl, Skeleton, Stack, Table, Text } from "@mantine/core";
import type { LedgerEntryKind, LedgerPage } from "@neonlab/shared/schemas/ledger";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { api, errorMessage } from "../lib/api-client.ts";
import { formatAmount, LEDGER_FILTERS } from "./ledger-format.ts";
import classes from "./ledger-table.module.css";
import { loadingStatus } from "./loading-status.ts";
import { queryKeys } from "../lib/query-keys.ts";
import { formatCount } from "@neonlab/shared/format";

const PAGE = 20;

/** GET users/ledger: the caller's changes (of one kind, or all), newest first, 20 a page (keyset: before=<next>). */
export const ledgerQuery = (kind: LedgerEntryKind | "all") =>
  infiniteQueryOptions({
    queryKey: queryKeys.ledger.list(kind),
    queryFn: ({ pageParam, signal }) =>
      api<LedgerPage>("users/ledger", {
        query: { limit: PAGE, kind: kind === "all" ? undefined : kind, before: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

type LedgerTableProps = {
  /** A heading: the table is then a titled panel of its own (Profile → History). */
  title?: string;
  /** Only this kind, with no filter; otherwise All / XP / NeonBits / Streak to choose from. */
  kind?: LedgerEntryKind;
  /** Shows the NeonBits balance above the rows (the sum of every NeonBits change). */
  showBalance?: boolean;
  /** What the loading placeholder is called, e.g. "Loading the history". */
  loadingLabel: string;
  /** What an empty ledger (of the fixed kind, or of every kind) says. */
  emptyText: string;
};

/** The user's ledger: date, reason and signed amount of every change, newest first, older pages on demand. */
export function LedgerTable({ title, kind: fixedKind, showBalance, loadingLabel, emptyText }: LedgerTableProps) {
  const [chosen, setChosen] = useState<LedgerEntryKind | "all">("all");
  const kind = fixedKind ?? chosen;
  const ledger = useInfiniteQuery(ledgerQuery(kind));
  const pages = ledger.data?.pages ?? [];
  const entries = pages.flatMap((page) => page.entries);
  const balance = pages[0]?.neonbits;
  const titleId = useId();
  const tableRef = useRef<HTMLElement>(null);

  const loadOlder = async () => {
    const result = await ledger.fetchNextPage();
    // The button goes away with the last page: keep the keyboard focus in the list, not on the page's body.
    if (!result.hasNextPage) tableRef.current?.focus();
  };

  const body = ledger.isPending ? (
    <Stack gap={6} {...loadingStatus(loadingLabel)}>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Stack>
  ) : ledger.isError ? (
    <Stack gap="xs" align="flex-start" role="alert">
      <Text>{errorMessage(ledger.error)}</Text>
      <Button size="xs" variant="default" onClick={() => void ledger.refetch()}>
        Try again
      </Button>
    </Stack>
  ) : (
    <>
      {showBalance ? (
        <Text>
          Balance: <strong data-ledger-balance={balance}>{formatCount(balance ?? 0)} NeonBits</strong>, the sum of every
          change below.
        </Text>
      ) : null}
      {entries.length === 0 ? (
        <Text c="dimmed" data-empty>
          {kind === (fixedKind ?? "all") ? emptyText : "No entries of this kind yet."}
        </Text>
      ) : (
        <section
          ref={tableRef}
          className={classes.tableWrap}
          aria-label="Changes, newest first"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
          tabIndex={0}
        >
          <Table verticalSpacing="xs" className={classes.table}>
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
                <Table.Tr key={entry.id} data-ledger-entry={entry.kind} data-reason={entry.reason}>
                  <Table.Td className={classes.date}>
                    <time dateTime={entry.date}>
                      {dayFormat.format(new Date(entry.date))}
                      <span className={classes.time}>{timeFormat.format(new Date(entry.date))}</span>
                    </time>
                  </Table.Td>
                  <Table.Td>{entry.description}</Table.Td>
                  <Table.Td className={classes.amount} data-sign={Math.sign(entry.amount)} data-amount={entry.amount}>
                    {formatAmount(entry)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      )}
      {ledger.hasNextPage ? (
        <Button
          variant="default"
          className={classes.more}
          onClick={() => void loadOlder()}
          loading={ledger.isFetchingNextPage}
        >
          Show older changes
        </Button>
      ) : null}
    </>
  );

  const filter = fixedKind ? null : (
    <SegmentedControl
      value={chosen}
      onChange={(value) => setChosen(value as LedgerEntryKind | "all")}
      data={LEDGER_FILTERS}
      aria-label="Show history of"
      size="sm"
      className={classes.filter}
    />
  );

  if (!title) {
    return (
      <Stack gap="md" data-ledger>
        {filter}
        {body}
      </Stack>
    );
  }
  return (
    <section className={`nl-panel ${classes.panel}`} aria-labelledby={titleId} data-ledger>
      <h2 id={titleId} className={classes.title}>
        {title}
      </h2>
      {filter}
      {body}
    </section>
  );
}
