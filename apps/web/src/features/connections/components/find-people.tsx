import { Button, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  USER_SEARCH_MAX_LENGTH,
  USER_SEARCH_MIN_LENGTH,
  type UserSearchResult,
  userSearchText,
} from "@neonlab/shared/schemas/community";
import { IconSearch, IconUserPlus } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client.ts";
import { useConnectionAction, useUserSearch } from "../api/connections.ts";
import { relationshipState } from "./connection-button.tsx";
import { PersonCard } from "./person-card.tsx";
import { formatCount } from "@neonlab/shared/format";

/** What a found person's row says where it offers nothing: as on their profile (ConnectionButton's states). */
const standingOf = (relationship: UserSearchResult["relationship"]) =>
  relationship === "self" ? "You" : relationshipState(relationship);

function FoundPerson({ person }: { person: UserSearchResult }) {
  const run = useConnectionAction();
  const standing = standingOf(person.relationship);
  const action =
    person.relationship === "none"
      ? ({ action: "request", label: "Connect", name: `Connect with ${person.display_name}` } as const)
      : person.relationship === "incoming"
        ? ({ action: "accept", label: "Accept", name: `Accept ${person.display_name}'s request` } as const)
        : null;
  return (
    <PersonCard
      person={person}
      detail={`@${person.username} · ${formatCount(person.xp)} XP`}
      data={{ "data-found": person.username, "data-relationship": person.relationship }}
    >
      {action ? (
        <Button
          size="xs"
          leftSection={action.action === "request" ? <IconUserPlus size={14} /> : undefined}
          loading={run.isPending}
          onClick={() => run.mutate({ action: action.action, userId: person.id })}
          aria-label={action.name}
        >
          {action.label}
        </Button>
      ) : standing ? (
        <Text size="sm" c="dimmed">
          {standing}
        </Text>
      ) : null}
    </PersonCard>
  );
}

/** Finding people by the start of a name or username, from the owner's connections page. */
export function FindPeople() {
  const [text, setText] = useState("");
  const [typed] = useDebouncedValue(text.trim(), 300);
  const ready = userSearchText(typed).length >= USER_SEARCH_MIN_LENGTH;
  const search = useUserSearch(typed, ready);
  const people = search.data?.pages.flatMap((p) => p.items) ?? [];
  const short = text.trim().length > 0 && userSearchText(text).length < USER_SEARCH_MIN_LENGTH;
  return (
    <Stack gap="sm" component="section" aria-labelledby="find-people" data-find-people>
      <Title order={2} size="h4" id="find-people">
        Find people
      </Title>
      <TextInput
        type="search"
        label="Name or username"
        description={`Type the start of a name or @username (at least ${USER_SEARCH_MIN_LENGTH} characters).`}
        placeholder="ada or @ada"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={text}
        maxLength={USER_SEARCH_MAX_LENGTH}
        autoComplete="off"
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <div role="status" aria-live="polite">
        {short ? null : ready && search.isPending ? (
          <Loader size="sm" aria-label="Searching" />
        ) : ready && search.isError ? (
          <Text c="red" size="sm">
            {errorMessage(search.error)}
          </Text>
        ) : ready && search.isSuccess ? (
          <Text size="sm" c="dimmed" data-found-summary>
            {people.length === 0
              ? `Nobody's name or username starts with “${userSearchText(typed)}”.`
              : `${people.length}${search.hasNextPage ? "+" : ""} ${people.length === 1 ? "person" : "people"} found`}
          </Text>
        ) : null}
      </div>
      {ready && people.length > 0 ? (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label="People found">
          {people.map((person) => (
            <FoundPerson key={person.id} person={person} />
          ))}
        </Stack>
      ) : null}
      {ready && search.hasNextPage ? (
        <Button
          variant="default"
          w="fit-content"
          loading={search.isFetchingNextPage}
          onClick={() => void search.fetchNextPage()}
          data-more-people
        >
          Show more people
        </Button>
      ) : null}
    </Stack>
  );
}
