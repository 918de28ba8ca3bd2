import { Button, Group, Skeleton, Stack, Tabs, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import type { ConnectionEntry } from "@neonlab/shared/schemas/community";
import { useEffect } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session.tsx";
import { type ConnectionAction, useConnectionAction, useConnectionsPage } from "../api/connections.ts";
import { loadingStatus } from "../../../components/loading-status.ts";
import { FindPeople } from "../components/find-people.tsx";
import { PersonCard } from "../components/person-card.tsx";

type RowAction = { action: ConnectionAction; label: string; variant?: string; color?: string };

function PersonRow({ person, actions }: { person: ConnectionEntry; actions: RowAction[] }) {
  const run = useConnectionAction();
  return (
    <PersonCard person={person} data={{ "data-person": person.username }}>
      {actions.length > 0 && (
        <Group gap="xs">
          {actions.map((a) => (
            <Button
              key={a.action}
              size="xs"
              variant={a.variant ?? "filled"}
              color={a.color}
              disabled={run.isPending}
              loading={run.isPending && run.variables?.action === a.action}
              onClick={() => run.mutate({ action: a.action, userId: person.id })}
            >
              {a.label}
            </Button>
          ))}
        </Group>
      )}
    </PersonCard>
  );
}

function People({
  people,
  empty,
  actions,
}: {
  people: ConnectionEntry[];
  empty: React.ReactNode;
  actions: RowAction[];
}) {
  if (people.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
      {people.map((p) => (
        <PersonRow key={p.id} person={p} actions={actions} />
      ))}
    </Stack>
  );
}

/** /connections/:username: a user's connections; the owner also manages requests and blocked users. */
export function ConnectionsPage() {
  const { username = "" } = useParams();
  const navigate = useNavigate();
  const page = useConnectionsPage(username);
  const { profile } = useSession();
  useDocumentTitle(page.data?.pages[0] ? `${page.data.pages[0].user.display_name}'s connections · NeonLab` : "");
  const first = page.data?.pages[0];
  const current = first?.user.username;
  // An old username: go to the current one's address.
  useEffect(() => {
    if (current && current !== username) navigate(`/connections/${current}`, { replace: true });
  }, [current, username, navigate]);

  if (page.isPending) return <Skeleton height={240} {...loadingStatus("Loading connections")} />;
  if (page.isError) {
    const missing = page.error instanceof ApiError && page.error.statusCode === 404;
    return (
      <section className="nl-panel" role="alert" style={{ padding: 24 }}>
        <Title order={1} size="h3">
          {missing ? "No such learner" : "The connections did not load"}
        </Title>
        <Text>{missing ? `Nobody on NeonLab goes by @${username}.` : errorMessage(page.error)}</Text>
      </section>
    );
  }
  const { user, total, incoming, outgoing, blocked } = page.data.pages[0]!;
  const connections = page.data.pages.flatMap((p) => p.connections);
  const own = profile?.id === user.id;
  const list = (
    <Stack gap="md">
      <People
        people={connections}
        empty={
          own ? (
            <>
              No connections yet. Find people with the search above, or learners on the{" "}
              <Link to="/rank">leaderboard</Link>.
            </>
          ) : (
            `${user.display_name} has no connections yet.`
          )
        }
        actions={own ? [{ action: "remove", label: "Remove", variant: "default", color: "red" }] : []}
      />
      {page.hasNextPage ? (
        <Button
          variant="default"
          w="fit-content"
          loading={page.isFetchingNextPage}
          onClick={() => void page.fetchNextPage()}
          data-load-more-connections
        >
          Load more ({connections.length} of {total})
        </Button>
      ) : null}
      {page.isFetchNextPageError ? (
        <Text c="red" role="alert">
          The next connections did not load. Try again.
        </Text>
      ) : null}
    </Stack>
  );

  return (
    <Stack gap="lg" data-connections={user.username}>
      <Stack gap={4}>
        <Text className="nl-eyebrow">Network</Text>
        <Title order={1}>{own ? "Your connections" : `${user.display_name}'s connections`}</Title>
        <Text c="dimmed">
          <Link to={`/profile/${user.username}`}>@{user.username}</Link> · {total}{" "}
          {total === 1 ? "connection" : "connections"}
        </Text>
      </Stack>
      {own ? <FindPeople /> : null}
      {own && incoming && outgoing && blocked ? (
        <Tabs defaultValue={incoming.length > 0 ? "incoming" : "connections"} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="connections">Connections ({total})</Tabs.Tab>
            <Tabs.Tab value="incoming">Requests ({incoming.length})</Tabs.Tab>
            <Tabs.Tab value="outgoing">Sent ({outgoing.length})</Tabs.Tab>
            <Tabs.Tab value="blocked">Blocked ({blocked.length})</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="connections">{list}</Tabs.Panel>
          <Tabs.Panel value="incoming">
            <People
              people={incoming}
              empty="No requests waiting for you."
              actions={[
                { action: "accept", label: "Accept" },
                { action: "decline", label: "Decline", variant: "default" },
                { action: "block", label: "Block", variant: "subtle", color: "red" },
              ]}
            />
          </Tabs.Panel>
          <Tabs.Panel value="outgoing">
            <People
              people={outgoing}
              empty="No requests waiting for an answer."
              actions={[{ action: "cancel", label: "Cancel", variant: "default" }]}
            />
          </Tabs.Panel>
          <Tabs.Panel value="blocked">
            <People
              people={blocked}
              empty="You have blocked nobody."
              actions={[{ action: "unblock", label: "Unblock", variant: "default" }]}
            />
          </Tabs.Panel>
        </Tabs>
      ) : (
        list
      )}
    </Stack>
  );
}
