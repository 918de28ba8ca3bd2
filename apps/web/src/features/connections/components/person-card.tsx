import { Avatar, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

type Person = { username: string; display_name: string; avatar: string | null };

/** A person as a list row: avatar, name linking to the profile, a second line, and what can be done. */
export function PersonCard({
  person,
  detail,
  children,
  data,
}: {
  person: Person;
  /** The second line (by default the @username). */
  detail?: ReactNode;
  /** The row's actions or standing, on the right. */
  children?: ReactNode;
  /** data-* attributes the page's tests find the row by. */
  data?: Record<`data-${string}`, string>;
}) {
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="sm" className="nl-panel" p="sm" {...data}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: "1 1 200px" }}>
        <Avatar src={person.avatar} alt="" name={person.display_name} variant="default" radius="xl" />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text component={Link} to={`/profile/${person.username}`} fw={600} truncate>
            {person.display_name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {detail ?? `@${person.username}`}
          </Text>
        </Stack>
      </Group>
      {children}
    </Group>
  );
}
