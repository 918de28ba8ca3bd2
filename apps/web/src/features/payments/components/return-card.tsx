import { Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

export type ReturnAction = { to: string; label: string; primary?: boolean };

/** The return pages' one panel: a state line (waiting, done, cancelled), a detail and the ways on. */
export function ReturnCard(props: {
  eyebrow: string;
  title: string;
  waiting?: boolean;
  children: ReactNode;
  actions: ReturnAction[];
}) {
  return (
    <Stack className="nl-panel" p={{ base: "lg", sm: "xl" }} maw={620} mx="auto" my="xl" gap="md">
      <Text className="nl-eyebrow">{props.eyebrow}</Text>
      <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
        {props.waiting && <Loader size="sm" aria-hidden="true" />}
        <Title order={1} size="h2" data-return-state={props.waiting ? "waiting" : "done"}>
          {props.title}
        </Title>
      </Group>
      <div>{props.children}</div>
      <Group gap="sm">
        {props.actions.map((a) => (
          <Button key={a.to} component={Link} to={a.to} variant={a.primary ? "filled" : "default"}>
            {a.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
