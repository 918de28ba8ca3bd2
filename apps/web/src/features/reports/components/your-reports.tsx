import { Anchor, Badge, Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import { IconFlag } from "@tabler/icons-react";
import { Link } from "react-router";
import { openReportDialog } from "../open-report-dialog.tsx";
import { useHydrated } from "../../../lib/hydrated.tsx";
import { useSession } from "../../../lib/session.tsx";
import { useMyReports } from "../api/reports.ts";
import { useFormatDate } from "../../../lib/dates.ts";
import { causeLabel, STATUS_COLORS, statusLabel } from "./report-labels.ts";
import classes from "./reports.module.css";

/**
 * On /help for a signed-in user: "Report a problem" and the reports they sent with their statuses. Rendered
 * after hydration (the page is prerendered for everyone).
 */
export function YourReports() {
  const formatDate = useFormatDate();
  const hydrated = useHydrated();
  const { status } = useSession();
  const signedIn = hydrated && status === "signed-in";
  const reports = useMyReports(signedIn);
  if (!signedIn) return null;
  return (
    <section aria-labelledby="your-reports" className={`nl-panel ${classes.panel} ${classes.yours}`} data-your-reports>
      <Group justify="space-between" align="center" mb="sm" gap="sm">
        <h2 id="your-reports" className={classes.heading}>
          Your reports
        </h2>
        <Button
          leftSection={<IconFlag size={16} />}
          variant="outline"
          onClick={() => void openReportDialog({ kind: "app" })}
        >
          Report a problem
        </Button>
      </Group>
      {reports.isPending ? (
        <Skeleton height={48} />
      ) : reports.isError ? (
        <Text c="dimmed">Your reports did not load. Reload the page to try again.</Text>
      ) : reports.data.length === 0 ? (
        <Text c="dimmed">You have not reported anything. Found a bug or a mistake in a lesson? Tell us.</Text>
      ) : (
        <Stack gap="xs" component="ul" className={classes.list}>
          {reports.data.map((report) => (
            <li key={report.id} data-report={report.id} className={classes.yourItem}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <div className={classes.yourBody}>
                  <Text fw={600}>
                    {causeLabel(report)}
                    {report.lesson && (
                      <>
                        {" · "}
                        <Anchor component={Link} to={report.lesson.path}>
                          {report.lesson.title}
                        </Anchor>
                      </>
                    )}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {report.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDate(report.created_at, "dateTime")}
                  </Text>
                </div>
                <Badge
                  color={STATUS_COLORS[report.status]}
                  variant="outline"
                  data-status={report.status}
                  className={classes.yourStatus}
                >
                  {statusLabel(report.status)}
                </Badge>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}
