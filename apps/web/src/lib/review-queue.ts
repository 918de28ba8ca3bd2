import { isStaff } from "@neonlab/shared/roles";
import type { BlogPage } from "@neonlab/shared/schemas/blogs";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api-client.ts";
import { queryKeys } from "./query-keys.ts";

// The moderators' review queue (GET blogs/pending): the blogs feature shows it on My blogs, the account menus
// link to it with its count. One query for both, so a review refreshes the count too.

/** The review queue's heading on My blogs, and its address: the account menus and staff notifications link there. */
export const REVIEW_QUEUE_ID = "review-queue";
export const REVIEW_QUEUE_PATH = `/blogs/my-blogs#${REVIEW_QUEUE_ID}`;

/** Blogs waiting for review, oldest first, a page at a time (moderators and admins). */
export const reviewQueueQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.blogs.pending(page),
    queryFn: ({ signal }) => api<BlogPage>("blogs/pending", { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

/** How many blogs wait for review: for staff (moderators, admins), null for others and until known. */
export function useReviewQueueCount(role: string | undefined): number | null {
  const staff = isStaff(role);
  const first = useQuery({ ...reviewQueueQuery(1), enabled: staff, staleTime: 30_000 });
  return staff ? (first.data?.total ?? null) : null;
}
