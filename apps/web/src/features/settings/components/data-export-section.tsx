import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconDownload, IconFileExport } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { dataExportStatusQuery, downloadDataExport, requestDataExport } from "../api/data-export.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { useFormatDate } from "../../../lib/dates.ts";

const USER_MOVES = ["wheel", "touchstart", "pointerdown", "keydown"] as const;

/**
 * Scrolls `target` to the middle of the screen and focuses it, then keeps it there while the page above it
 * still grows (the password meter's code arrives later), until the user scrolls, touches, clicks or types,
 * or 5 s have passed. Returns the clean-up.
 */
function keepInView(target: HTMLElement): () => void {
  const bring = () => target.scrollIntoView?.({ block: "center" });
  bring();
  target.focus({ preventScroll: true });
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(bring);
  observer?.observe(document.body);
  const stop = () => {
    observer?.disconnect();
    clearTimeout(timer);
    for (const event of USER_MOVES) window.removeEventListener(event, stop);
  };
  const timer = setTimeout(stop, 5000);
  for (const event of USER_MOVES) window.addEventListener(event, stop, { passive: true });
  return stop;
}

/** Settings → Account → "Download my data": request a file, then download it from the mailed link (?export=). */
export function DataExportSection() {
  const formatDate = useFormatDate();
  const [params] = useSearchParams();
  const token = params.get("export");
  const queryClient = useQueryClient();
  const status = useQuery(dataExportStatusQuery());
  const request = useMutation({
    mutationFn: requestDataExport,
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: queryKeys.dataExport() });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const download = useMutation({
    mutationFn: () => downloadDataExport(token ?? ""),
    onSuccess: () => toast.success("Your data file is downloaded."),
  });
  // The mailed link lands here, below the fold: bring its Download button into view and focus it.
  const downloadButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const button = downloadButton.current;
    if (!token || !button) return;
    return keepInView(button);
  }, [token]);

  const current = status.data;
  return (
    <Stack gap="sm">
      <Text size="sm" maw={560}>
        A JSON file with everything NeonLab holds about you: profile, preferences, progress, XP and NeonBits history,
        streak, badges, quiz answers, reflections and sessions. We prepare it and email you a link (valid 24 hours).
      </Text>
      {token && (
        <Paper withBorder p="md" radius="md" data-testid="data-export-ready">
          <Stack gap="xs" align="flex-start">
            <Text fw={700}>Your data is ready</Text>
            <Text size="sm">Download the file from the link we emailed you.</Text>
            <Button
              ref={downloadButton}
              leftSection={<IconDownload size={18} />}
              loading={download.isPending}
              onClick={() => download.mutate()}
            >
              Download file
            </Button>
            {download.isError && (
              <Text size="sm" c="red" role="alert">
                {errorMessage(download.error)}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
      {current?.status === "pending" && (
        <Text size="sm" c="dimmed" role="status">
          Preparing your data… we'll email you a link when it's ready.
        </Text>
      )}
      {current?.status === "ready" && current.expiresAt && !token && (
        <Text size="sm" c="dimmed" role="status">
          Your latest export is ready: use the link we emailed you (valid until{" "}
          {formatDate(current.expiresAt, "dateTime")}).
        </Text>
      )}
      <Group>
        <Button
          variant="outline"
          leftSection={<IconFileExport size={18} />}
          loading={request.isPending}
          onClick={() => request.mutate()}
        >
          Download my data
        </Button>
      </Group>
    </Stack>
  );
}
