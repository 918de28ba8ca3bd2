import type { NotificationPreferences, NotificationsPage } from "@neonlab/shared/schemas/community";
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const useUnreadCount = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.notifications.unread(),
    queryFn: ({ signal }) => api<{ unread: number }>("notifications/unread-count", { signal }).then((r) => r.unread),
    enabled,
  });

/** The list, newest first, 15 a page; more pages by keyset (`before`). */
export const useNotificationList = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: queryKeys.notifications.list(),
    queryFn: ({ signal, pageParam }) =>
      api<NotificationsPage>("notifications", { signal, query: { before: pageParam ?? undefined } }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    enabled,
  });

export type NotificationPages = InfiniteData<NotificationsPage, number | null>;

function useRefreshAfter<T, V>(fn: (v: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all() }),
  });
}

export const useMarkRead = () =>
  useRefreshAfter((id: number) => api<{ unread: number }>(`notifications/${id}/read`, { method: "PATCH" }));
export const useMarkAllRead = () =>
  useRefreshAfter(() => api<{ unread: number }>("notifications/read-all", { method: "PATCH" }));

export const usePreferences = () =>
  useQuery({
    queryKey: queryKeys.notifications.preferences(),
    queryFn: ({ signal }) => api<NotificationPreferences>("notifications/preferences", { signal }),
  });

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: NotificationPreferences) =>
      api<NotificationPreferences>("notifications/preferences", { method: "PUT", body: prefs }),
    onSuccess: (prefs) => {
      queryClient.setQueryData(queryKeys.notifications.preferences(), prefs);
      toast.success("Notification settings saved");
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
