import type { Report, ReportInput, ReportKind, ReportPage, ReportStatus } from "@neonlab/shared/schemas/reports";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Sends a report of the app, or of a lesson when `lessonId` is given. */
export const sendReport = (input: ReportInput & { lessonId?: number }) =>
  api<Report>(input.lessonId ? `lessons/${input.lessonId}/reports` : "users/reports", {
    method: "POST",
    body: { cause: input.cause, description: input.description },
  });

/** The caller's own reports with their statuses, newest first. */
export const useMyReports = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.reports.mine(),
    queryFn: ({ signal }) => api<Report[]>("users/my-reports", { signal }),
    enabled,
  });

const queueBase = (kind: ReportKind) => (kind === "app" ? "users/reports" : "lessons/reports");

/** A moderator queue, a page at a time (newest first), optionally one status. */
export const useReportQueue = (kind: ReportKind, status: ReportStatus | null) =>
  useInfiniteQuery({
    queryKey: queryKeys.reports.queue(kind, status),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      api<ReportPage>(queueBase(kind), {
        query: { status: status ?? undefined, before: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (last) => last.next,
  });

/** Sets a report's status (moderators); the queues refetch. */
export function useSetReportStatus(kind: ReportKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ReportStatus }) =>
      api<Report>(`${queueBase(kind)}/${id}/status`, { method: "PATCH", query: { status } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.reports.queues(kind) }),
  });
}
