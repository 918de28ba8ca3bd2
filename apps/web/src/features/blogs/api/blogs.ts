import type {
  Blog,
  BlogCategory,
  BlogEdit,
  BlogSort,
  BlogPage,
  BlogStatus,
  BlogView,
  BlogVotes,
  BlogVoteType,
  MyBlogs,
} from "@neonlab/shared/schemas/blogs";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, getQuery } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { reviewQueueQuery } from "../../../lib/review-queue.ts";

// The blogs/* calls of spec §7 (docs/blogs-api.md) the reading pages and My blogs make.

export const blogCategoriesQuery = () =>
  queryOptions({
    queryKey: queryKeys.blogs.categories(),
    ...getQuery<BlogCategory[]>("blogs/categories"),
    staleTime: 5 * 60_000,
  });
export const useBlogCategories = () => useQuery(blogCategoriesQuery());

/** GET blogs's query (blogListQuerySchema's fields, as the address carries them). */
export type BlogListParams = {
  search?: string;
  sort?: BlogSort;
  status?: BlogStatus;
  blogCategoryId?: number;
  from?: string;
  to?: string;
  page: number;
};

/** Published blogs (or the caller's by `status`) with the list filters, a page at a time. */
export const blogListQuery = (query: BlogListParams) =>
  queryOptions({
    queryKey: queryKeys.blogs.list(query),
    ...getQuery<BlogPage>("blogs", query),
  });
export const useBlogList = (query: BlogListParams, enabled = true) =>
  useQuery({ ...blogListQuery(query), enabled, placeholderData: keepPreviousData });

export const blogQuery = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.blogs.bySlug(slug),
    queryFn: ({ signal }) => api<Blog>(`blogs/slug/${encodeURIComponent(slug)}`, { signal }),
  });
export const useBlog = (slug: string) => useQuery(blogQuery(slug));

export const myBlogsQuery = (status: BlogStatus | null, page: number) =>
  queryOptions({
    queryKey: queryKeys.blogs.mine(status, page),
    queryFn: ({ signal }) => api<MyBlogs>("blogs/my-blogs", { query: { status, page }, signal }),
  });
export const useMyBlogs = (status: BlogStatus | null, page: number) =>
  useQuery({ ...myBlogsQuery(status, page), placeholderData: keepPreviousData });

/** Moderators: blogs waiting for review, oldest first (lib/review-queue.ts: the menus count the same query). */
export const usePendingBlogs = (page: number) => useQuery(reviewQueueQuery(page));

/** POST blogs: a new draft, to open in the editor. */
export const createBlog = (title: string) => api<BlogEdit>("blogs", { method: "POST", body: { title } });

export type BlogAction = "publish" | "unpublish" | "approve";

/** publish / unpublish / approve, and reject with a reason; every list that shows blogs refetches. */
export function useBlogAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: BlogAction | "reject"; reason?: string }) =>
      api<BlogEdit>(`blogs/${id}/${action}`, {
        method: "PATCH",
        body: action === "reject" ? { reason } : undefined,
      }),
    onSuccess: (blog) => {
      client.setQueryData(queryKeys.blogs.edit(blog.id), blog);
      return client.invalidateQueries({ queryKey: queryKeys.blogs.all(), predicate: (q) => q.queryKey[1] !== "edit" });
    },
  });
}

/** Up or down (changeable); the blog's page shows the new totals at once. */
export function useVoteBlog(blog: Pick<Blog, "id" | "slug">) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (type: BlogVoteType) => api<BlogVotes>(`blogs/${blog.id}/vote`, { method: "POST", query: { type } }),
    onSuccess: (votes) => {
      client.setQueryData(blogQuery(blog.slug).queryKey, (old) => (old ? { ...old, votes } : old));
      void client.invalidateQueries({ queryKey: queryKeys.blogs.lists(), refetchType: "inactive" });
    },
  });
}

/** Counts this visit (the server counts each viewer once a day). */
export const countView = (id: number) => api<BlogView>(`blogs/${id}/view`, { method: "POST" });
