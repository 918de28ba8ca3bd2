import { BLOG_SORTS, type BlogSort } from "@neonlab/shared/schemas/blog-constants";
import type { BlogListParams } from "../api/blogs.ts";

// The /blogs list's filters live in the address (?search=&sort=&category=&from=&to=&page=), so a filtered
// list can be shared and the back button walks through them. Values that make no sense are ignored, not
// sent: a shared link with a typo still opens a list.

export type BlogFilters = {
  search: string;
  sort: BlogSort | null;
  /** A category's slug (/blogs?category=…; /blogs/categories/:slug passes it from the path). */
  category: string | null;
  /** YYYY-MM-DD, publication day bounds (inclusive). */
  from: string | null;
  to: string | null;
  page: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : null);

export function readFilters(params: URLSearchParams): BlogFilters {
  const sort = params.get("sort");
  const page = Number(params.get("page"));
  return {
    search: (params.get("search") ?? "").trim().slice(0, 200),
    sort: BLOG_SORTS.includes(sort as BlogSort) ? (sort as BlogSort) : null,
    category: params.get("category") || null,
    from: day(params.get("from")),
    to: day(params.get("to")),
    page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1,
  };
}

/** `params` with `change` applied; any change other than the page goes back to page 1. */
export function writeFilters(params: URLSearchParams, change: Partial<BlogFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  const entries = Object.entries(change) as [keyof BlogFilters, BlogFilters[keyof BlogFilters]][];
  for (const [key, value] of entries) {
    if (value === null || value === "" || (key === "page" && value === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  if (!("page" in change)) next.delete("page");
  return next;
}

/** `from` after `to`: said next to the fields, and the list is not asked (the API would answer 400). */
export const datesInOrder = (filters: Pick<BlogFilters, "from" | "to">) =>
  !filters.from || !filters.to || filters.from <= filters.to;

/** Whether anything narrows the list (the empty state then offers to clear the filters). */
export const isFiltered = (filters: BlogFilters) =>
  Boolean(filters.search || filters.category || filters.from || filters.to);

/** The GET blogs query for these filters (`blogCategoryId` resolved from the category's slug). */
export function listQuery(filters: BlogFilters, blogCategoryId: number | undefined): BlogListParams {
  return {
    search: filters.search || undefined,
    sort: filters.sort ?? undefined,
    blogCategoryId,
    from: filters.from ?? undefined,
    to: filters.to ?? undefined,
    page: filters.page,
  };
}
