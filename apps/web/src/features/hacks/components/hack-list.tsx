import { Anchor, Badge, Button, Group, Pagination, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import type { HackPage } from "@neonlab/shared/schemas/hacks";
import { IconEye, IconLock } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { hackPath } from "../api/hacks.ts";
import classes from "./hacks.module.css";
import { loadingStatus } from "../../../components/loading-status.ts";
import { ReaderDate } from "../../../components/reader-date.tsx";

/** A page of hacks as cards, with the pager; `showOwner` on Explore, the listing badge on one's own. */
export function HackList({
  query,
  page,
  onPage,
  showOwner,
  empty,
  label,
}: {
  query: UseQueryResult<HackPage>;
  page: number;
  onPage(page: number): void;
  showOwner: boolean;
  empty: ReactNode;
  label: string;
}) {
  if (query.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} {...loadingStatus(`Loading ${label}`)}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={132} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="xs" align="flex-start" role="alert">
        <Text>{errorMessage(query.error)}</Text>
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  const { items, pages } = query.data;
  if (items.length === 0) return <div className={`nl-panel ${classes.empty}`}>{empty}</div>;
  return (
    <Stack gap="lg">
      <ul className={classes.grid} aria-label={label}>
        {items.map((hack) => (
          <li key={hack.id} className={`nl-panel ${classes.card}`}>
            <Anchor component={Link} to={hackPath(hack)} className={classes.cardTitle}>
              {hack.title}
            </Anchor>
            <Text size="sm" c="dimmed" className={classes.files}>
              {hack.file_names.join(" · ")}
            </Text>
            <Group gap="xs" justify="space-between" mt="auto">
              <Text size="xs" c="dimmed">
                {showOwner ? `@${hack.owner.username} · ` : ""}
                <ReaderDate value={hack.updated_at} />
              </Text>
              {!showOwner && (
                <Badge
                  size="sm"
                  variant="outline"
                  color={hack.listed ? "cyan" : "gray"}
                  leftSection={hack.listed ? <IconEye size={12} /> : <IconLock size={12} />}
                >
                  {hack.listed ? "On Explore" : "Unlisted"}
                </Badge>
              )}
            </Group>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          getControlProps={(control) => ({ "aria-label": `${control} page` })}
          getItemProps={(n) => ({ "aria-label": `Page ${n}` })}
        />
      )}
    </Stack>
  );
}
