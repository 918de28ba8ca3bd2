import { MESSAGES } from "@neonlab/shared/messages";
import type {
  ConnectionActionResult,
  ConnectionsPage,
  Relationship,
  UserSearchPage,
} from "@neonlab/shared/schemas/community";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/**
 * /connections/:username: the first page (with the owner's requests and blocks), then "Load more" pages of
 * connections (keyset: `before` = the last page's `next`).
 */
export const useConnectionsPage = (username: string) =>
  useInfiniteQuery({
    queryKey: queryKeys.connections.page(username),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      api<ConnectionsPage>(`users/connections/${encodeURIComponent(username)}`, {
        query: { before: pageParam },
        signal,
      }),
    getNextPageParam: (last) => last.next,
  });

/** GET /api/users/search?q=: people by the start of a username or display name, then "Show more" pages. */
export const useUserSearch = (q: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: queryKeys.connections.search(q),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      api<UserSearchPage>("users/search", { query: { q, before: pageParam }, signal }),
    getNextPageParam: (last) => last.next,
    enabled,
    staleTime: 30_000,
  });

export const useRelationship = (friendId: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.connections.relationship(friendId),
    queryFn: ({ signal }) =>
      api<{ relationship: Relationship }>("users/relationship", { query: { friendId }, signal }).then(
        (r) => r.relationship,
      ),
    enabled,
  });

export type ConnectionAction = "request" | "cancel" | "accept" | "decline" | "remove" | "block" | "unblock";

/** Each action's call (spec §7) and the toast title when it fails (spec §8). */
const CALLS: Record<ConnectionAction, { method: "POST" | "PATCH" | "DELETE"; path: string; failed: string }> = {
  request: { method: "POST", path: "users/connections", failed: MESSAGES.addConnectionFailed },
  cancel: { method: "DELETE", path: "users/cancel-connection-request", failed: MESSAGES.cancelConnectionFailed },
  accept: { method: "PATCH", path: "users/accept-connection-request", failed: MESSAGES.acceptConnectionFailed },
  decline: { method: "DELETE", path: "users/decline-connection-request", failed: MESSAGES.declineConnectionFailed },
  remove: { method: "DELETE", path: "users/connections", failed: MESSAGES.removeConnectionFailed },
  block: { method: "POST", path: "users/blocks", failed: "Failed to block user" },
  unblock: { method: "DELETE", path: "users/blocks", failed: "Failed to unblock user" },
};

export function runConnectionAction(action: ConnectionAction, userId: string) {
  const { method, path } = CALLS[action];
  const query = action === "block" || action === "unblock" ? { userId } : { friendId: userId };
  return api<ConnectionActionResult>(path, { method, query });
}

/** A connection action with its spec toasts; refreshes connection lists, the relationship and notifications. */
export function useConnectionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, userId }: { action: ConnectionAction; userId: string }) =>
      runConnectionAction(action, userId),
    onSuccess: (result, { userId }) => {
      toast.success(result.message);
      queryClient.setQueryData(queryKeys.connections.relationship(userId), result.relationship);
    },
    onError: (error, { action }) => toast.error(errorMessage(error), { title: CALLS[action].failed }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.connections.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all() }),
      ]),
  });
}
