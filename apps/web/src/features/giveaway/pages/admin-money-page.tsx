import { Table, Text } from "@mantine/core";
import { PageHeader } from "../../../components/page-header.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useAdminRounds } from "../api/admin.ts";
import { AccessForm, CreateRoundForm } from "../components/admin-forms.tsx";
import classes from "../components/giveaway.module.css";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function Rounds() {
  const rounds = useAdminRounds();
  if (rounds.isPending) return <Text c="dimmed">Loading…</Text>;
  if (rounds.isError) return <Text role="alert">{errorMessage(rounds.error)}</Text>;
  if (rounds.data.length === 0) return <Text c="dimmed">No rounds yet.</Text>;
  return (
    <div style={{ overflowX: "auto" }}>
      <Table verticalSpacing="xs" data-admin-rounds>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Round</Table.Th>
            <Table.Th scope="col">Ends</Table.Th>
            <Table.Th scope="col">Entries</Table.Th>
            <Table.Th scope="col">State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rounds.data.map((round) => (
            <Table.Tr key={round.id} data-admin-round={round.id}>
              <Table.Td>
                {round.title} ({round.winners} × {round.prize})
              </Table.Td>
              <Table.Td>{dateFormat.format(new Date(round.endsAt))}</Table.Td>
              <Table.Td>{round.entryCount}</Table.Td>
              <Table.Td>
                {round.drawnAt
                  ? `drawn: ${round.winnerList.map((w) => w.username ?? "—").join(", ") || "no entries"}`
                  : "open"}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** /admin/money (admins): plan giveaway rounds, and grant or revoke access. */
export function AdminMoneyPage() {
  return (
    <div className={classes.page}>
      <PageHeader eyebrow="Admin" title="Giveaways and access" className={classes.header} />
      <section className={`nl-panel ${classes.panel}`} aria-labelledby="new-round">
        <h2 id="new-round" className={classes.panelTitle}>
          New giveaway round
        </h2>
        <CreateRoundForm />
      </section>
      <section className={`nl-panel ${classes.panel}`} aria-labelledby="rounds">
        <h2 id="rounds" className={classes.panelTitle}>
          Rounds
        </h2>
        <Rounds />
      </section>
      <section className={`nl-panel ${classes.panel}`} aria-labelledby="access">
        <h2 id="access" className={classes.panelTitle}>
          Access
        </h2>
        <Text c="dimmed">Admin-given access opens premium lessons and blog writing, from the user's next request.</Text>
        <AccessForm />
      </section>
    </div>
  );
}
