import { Button, Skeleton, Stack, Table, Text } from "@mantine/core";
import { errorMessage } from "../../../lib/api-client.ts";
import { useLedger } from "../api/ledger.ts";
import classes from "./shop.module.css";
import { loadingStatus } from "../../../components/loading-status.ts";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const format = (n: number) => new Intl.NumberFormat("en-US").format(n);
const signed = (n: number) => (n > 0 ? `+${format(n)}` : format(n));

/** Settings → NeonBits: every change of the balance with its reason, amount and date; the balance is their sum. */
export function LedgerList() {
  const ledger = useLedger();
  const pages = ledger.data?.pages ?? [];
  const entries = pages.flatMap((page) => page.entries);
  const balance = pages[0]?.balance;

  if (ledger.isPending) {
    return (
      <Stack gap={6} {...loadingStatus("Loading your NeonBits")}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Stack>
    );
  }
  if (ledger.isError) {
    return (
      <Stack gap="xs" align="flex-start" role="alert">
        <Text>{errorMessage(ledger.error)}</Text>
        <Button size="xs" variant="default" onClick={() => void ledger.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-ledger>
      <Text>
        Balance: <strong data-ledger-balance={balance}>{format(balance ?? 0)} NeonBits</strong>, the sum of every change
        below.
      </Text>
      {entries.length === 0 ? (
        <Text c="dimmed" data-empty>
          No NeonBits yet. Complete a chapter to earn your first 20.
        </Text>
      ) : (
        <div className={classes.tableWrap}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
                <Table.Th scope="col" ta="right">
                  Amount
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id} data-ledger-entry={entry.reason}>
                  <Table.Td>
                    <time dateTime={entry.date}>{dateFormat.format(new Date(entry.date))}</time>
                  </Table.Td>
                  <Table.Td>{entry.description}</Table.Td>
                  <Table.Td ta="right" className={entry.amount < 0 ? classes.spent : classes.earned}>
                    {signed(entry.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {ledger.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void ledger.fetchNextPage()}
          loading={ledger.isFetchingNextPage}
          style={{ alignSelf: "flex-start" }}
        >
          Show older changes
        </Button>
      ) : null}
    </Stack>
  );
}
