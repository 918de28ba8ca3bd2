import { Anchor, Badge, Progress, Stack, Table, Text, Title } from "@mantine/core";
import type { Assignment, ClassroomProgress, ProgressCell } from "@neonlab/shared/schemas/classrooms";
import { IconArrowsSort, IconLock, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useFormatDate } from "../../../lib/dates.ts";
import { assignmentTitle, dueText, percentText, STATUS_COLORS, STATUS_LABELS } from "../lib.ts";
import classes from "./classrooms.module.css";
import { TableScroll } from "./table-scroll.tsx";

type MemberRow = ClassroomProgress["members"][number];
type SortKey = "name" | "done" | "last" | "accuracy" | "late";
type Sort = { key: SortKey; dir: "asc" | "desc" };

/** A member's totals over every assignment: the dashboard's per-member row. */
function totals(m: MemberRow) {
  const done = m.cells.reduce((n, c) => n + c.done, 0);
  const total = m.cells.reduce((n, c) => n + c.total, 0);
  const tried = m.cells.filter((c) => c.quiz_first_try !== null);
  const accuracy = tried.length ? tried.reduce((n, c) => n + (c.quiz_first_try ?? 0), 0) / tried.length : null;
  const late = m.cells.filter((c) => c.status === "late" || c.status === "overdue").length;
  return { done, total, accuracy, late };
}

const sortValue = (m: MemberRow, key: SortKey): string | number => {
  const t = totals(m);
  if (key === "name") return m.display_name.toLowerCase();
  if (key === "done") return t.total ? t.done / t.total : 0;
  if (key === "last") return m.last_activity_at ? Date.parse(m.last_activity_at) : 0;
  if (key === "accuracy") return t.accuracy ?? -1;
  return t.late;
};

function SortHeader({
  label,
  name,
  sort,
  onSort,
}: {
  label: string;
  name: SortKey;
  sort: Sort;
  onSort: (s: Sort) => void;
}) {
  const active = sort.key === name;
  const Icon = !active ? IconArrowsSort : sort.dir === "asc" ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}>
      <button
        type="button"
        className={classes.sortButton}
        onClick={() => onSort({ key: name, dir: active && sort.dir === "asc" ? "desc" : "asc" })}
      >
        {label}
        <Icon size={14} aria-hidden="true" />
      </button>
    </Table.Th>
  );
}

function StatusBadge({ cell }: { cell: ProgressCell }) {
  if (cell.no_access)
    return (
      <Badge color="magenta" variant="outline" size="sm" leftSection={<IconLock size={12} />}>
        Needs Pro
      </Badge>
    );
  return (
    <Badge color={STATUS_COLORS[cell.status]} variant="light" size="sm">
      {STATUS_LABELS[cell.status]}
    </Badge>
  );
}

function MemberDetail({ member, assignments }: { member: MemberRow; assignments: Assignment[] }) {
  const formatDate = useFormatDate();
  const byId = new Map(assignments.map((a) => [a.id, a]));
  return (
    <section className={`nl-panel ${classes.panel}`} aria-labelledby="member-detail-heading" data-member-detail>
      <Title order={3} size="h4" id="member-detail-heading" mb="sm">
        {`${member.display_name} (@${member.username})`}
      </Title>
      <TableScroll label="A member's progress, scrollable">
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Assignment</Table.Th>
              <Table.Th>Done</Table.Th>
              <Table.Th>Last activity</Table.Th>
              <Table.Th>Quiz first try</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {member.cells.map((c) => {
              const a = byId.get(c.assignment_id);
              return (
                <Table.Tr key={c.assignment_id}>
                  <Table.Td>
                    {a ? assignmentTitle(a) : "—"}
                    <Text size="xs" c="dimmed">
                      {a ? dueText(a) : ""}
                    </Text>
                  </Table.Td>
                  <Table.Td>{`${c.done} / ${c.total}`}</Table.Td>
                  <Table.Td>{c.last_activity_at ? formatDate(c.last_activity_at, "dateTime") : "—"}</Table.Td>
                  <Table.Td>{percentText(c.quiz_first_try)}</Table.Td>
                  <Table.Td>
                    <StatusBadge cell={c} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </section>
  );
}

export function ByMember({ progress }: { progress: ClassroomProgress }) {
  const formatDate = useFormatDate();
  const [sort, setSort] = useState<Sort>({ key: "name", dir: "asc" });
  const [selected, setSelected] = useState<string | null>(null);
  const rows = useMemo(() => {
    const sorted = [...progress.members].sort((a, b) => {
      const x = sortValue(a, sort.key);
      const y = sortValue(b, sort.key);
      return x < y ? -1 : x > y ? 1 : 0;
    });
    return sort.dir === "asc" ? sorted : sorted.reverse();
  }, [progress.members, sort]);
  const chosen = progress.members.find((m) => m.user_id === selected) ?? null;
  if (progress.members.length === 0) return <Text c="dimmed">No members yet: share the join code or link.</Text>;
  return (
    <Stack gap="md">
      <TableScroll label="Progress by member, scrollable">
        <Table highlightOnHover aria-label="Progress by member">
          <Table.Thead>
            <Table.Tr>
              <SortHeader label="Member" name="name" sort={sort} onSort={setSort} />
              <SortHeader label="Lessons done" name="done" sort={sort} onSort={setSort} />
              <SortHeader label="Last activity" name="last" sort={sort} onSort={setSort} />
              <SortHeader label="Quiz first try" name="accuracy" sort={sort} onSort={setSort} />
              <SortHeader label="Late" name="late" sort={sort} onSort={setSort} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((m) => {
              const t = totals(m);
              return (
                <Table.Tr key={m.user_id} data-member={m.username}>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      onClick={() => setSelected(m.user_id === selected ? null : m.user_id)}
                      aria-expanded={m.user_id === selected}
                    >
                      {m.display_name}
                    </Anchor>
                    {!m.has_access && progress.assignments.some((a) => a.premium) && (
                      <Text size="xs" c="dimmed">
                        No Pro access
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td miw={140}>
                    <Text size="sm">{`${t.done} / ${t.total}`}</Text>
                    <Progress
                      value={t.total ? (100 * t.done) / t.total : 0}
                      size="sm"
                      aria-label={`${m.display_name}: ${t.done} of ${t.total} lessons`}
                    />
                  </Table.Td>
                  <Table.Td>{m.last_activity_at ? formatDate(m.last_activity_at, "dateTime") : "—"}</Table.Td>
                  <Table.Td>{percentText(t.accuracy)}</Table.Td>
                  <Table.Td>{t.late}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {chosen && <MemberDetail member={chosen} assignments={progress.assignments} />}
    </Stack>
  );
}
