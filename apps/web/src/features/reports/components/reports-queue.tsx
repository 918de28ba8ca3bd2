import { Anchor, Badge, Button, Chip, Group, Select, Skeleton, Stack, Text } from "@mantine/core";
import {
  REPORT_STATUS_LABELS,
  REPORT_STATUSES,
  type ReportKind,
  type ReportStatus,
} from "@neonlab/shared/schemas/report-constants";
import type { Report } from "@neonlab/shared/schemas/reports";
import { useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { useReportQueue, useSetReportStatus } from "../api/reports.ts";
import { useFormatDate } from "../../../lib/dates.ts";
import { causeLabel, STATUS_COLORS, statusLabel } from "./report-labels.ts";
import classes from "./reports.module.css";
import { loadingStatus } from "../../../components/loading-status.ts";

const STATUS_OPTIONS = REPORT_STATUSES.map((value) => ({ value, label: REPORT_STATUS_LABELS[value] }));

/** One report in a moderator queue: what, who, when, where, and its status to change. */
function QueueItem({ kind, report }: { kind: ReportKind; report: Report }) {
  const formatDate = useFormatDate();
  const setStatus = useSetReportStatus(kind);
  return (
    <li className={`nl-panel ${classes.item}`} data-report={report.id} data-status={report.status}>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} className={classes.itemBody}>
          <Group gap="xs">
            <Text fw={700}>{causeLabel(report)}</Text>
            <Badge color={STATUS_COLORS[report.status]} variant="outline">
              {statusLabel(report.status)}
            </Badge>
          </Group>
          {report.lesson && (
            <Anchor component={Link} to={report.lesson.path}>
              {report.lesson.title}
            </Anchor>
          )}
          <Text className={classes.description}>{report.description}</Text>
          <Text size="sm" c="dimmed">
            {report.reporter ? (
              <>
                {"From "}
                <Anchor component={Link} to={`/profile/${report.reporter.username}`}>
                  {report.reporter.display_name}
                </Anchor>
              </>
            ) : (
              "From a deleted account"
            )}
            {` · ${formatDate(report.created_at, "dateTime")}`}
          </Text>
        </Stack>
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={report.status}
          allowDeselect={false}
          disabled={setStatus.isPending}
          w={170}
          onChange={(value) => {
            if (!value || value === report.status) return;
            setStatus.mutate(
              { id: report.id, status: value as ReportStatus },
              {
                onSuccess: (updated) =>
                  toast.success(`Report #${updated.id} is now ${statusLabel(updated.status).toLowerCase()}.`),
                onError: (error) => toast.error(errorMessage(error)),
              },
            );
          }}
        />
      </Group>
    </li>
  );
}

/** A moderator queue of one kind: a status filter, newest first, 20 at a time with "Load more". */
export function ReportsQueue({ kind, title, intro }: { kind: ReportKind; title: string; intro: string }) {
  const [status, setStatus] = useState<ReportStatus | null>("open");
  const queue = useReportQueue(kind, status);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <PageHeader eyebrow="// moderation" title={title}>
        <p>{intro}</p>
        <p>
          <Anchor component={Link} to={kind === "app" ? "/lessons/reports" : "/app/reports"}>
            {kind === "app" ? "Lesson reports →" : "App reports →"}
          </Anchor>
        </p>
      </PageHeader>
      <Chip.Group
        value={status ?? "all"}
        onChange={(value) => setStatus(value === "all" ? null : (value as ReportStatus))}
      >
        <Group gap="xs" mb="lg" role="group" aria-label="Show reports">
          <Chip value="all" variant="outline">
            All
          </Chip>
          {REPORT_STATUSES.map((value) => (
            <Chip key={value} value={value} variant="outline">
              {REPORT_STATUS_LABELS[value]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {queue.isPending ? (
        <Stack {...loadingStatus("Loading reports")}>
          <Skeleton height={120} />
          <Skeleton height={120} />
        </Stack>
      ) : queue.isError ? (
        <Text role="alert">{errorMessage(queue.error)}</Text>
      ) : items.length === 0 ? (
        <Text c="dimmed" data-empty-queue>
          {status ? `No ${statusLabel(status).toLowerCase()} reports.` : "No reports yet."}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" className={classes.list} data-queue={kind}>
          {items.map((report) => (
            <QueueItem key={report.id} kind={kind} report={report} />
          ))}
        </Stack>
      )}
      {queue.hasNextPage && (
        <Group justify="center" mt="lg">
          <Button variant="default" loading={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
            Load more
          </Button>
        </Group>
      )}
    </>
  );
}
