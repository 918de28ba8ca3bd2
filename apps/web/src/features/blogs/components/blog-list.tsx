import { Button, Group, NativeSelect, Pagination, SimpleGrid, Text, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { BLOG_SORT_LABELS, BLOG_SORTS, BLOGS_PAGE_SIZE } from "@neonlab/shared/schemas/blog-constants";
import type { BlogCategory } from "@neonlab/shared/schemas/blogs";
import { IconFilterOff, IconSearch, IconSearchOff } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { useBlogCategories, useBlogList } from "../api/blogs.ts";
import {
  type BlogFilters,
  datesInOrder,
  isFiltered,
  listQuery,
  readFilters,
  writeFilters,
} from "../lib/list-filters.ts";
import { BlogCard } from "./blog-card.tsx";
import classes from "./blogs.module.css";
import { CardGridSkeleton } from "../../../components/card-grid-skeleton.tsx";
import { formatCount } from "@neonlab/shared/format";

const ALL = "all";
const RELEVANCE = "relevance";

/** Search (typed: the address follows after a pause), sort, category and publication days. */
function FilterBar({
  filters,
  categories,
  onChange,
  onCategory,
}: {
  filters: BlogFilters;
  categories: BlogCategory[] | undefined;
  onChange: (change: Partial<BlogFilters>, replace?: boolean) => void;
  onCategory: (slug: string | null) => void;
}) {
  const [search, setSearch] = useState(filters.search);
  // The address changed by itself (back button, "Clear filters"): the field follows it.
  useEffect(() => setSearch(filters.search), [filters.search]);
  const commitSearch = useDebouncedCallback((value: string) => onChange({ search: value.trim() }, true), 400);
  const sortOptions = [
    ...(filters.search ? [{ value: RELEVANCE, label: "Best match" }] : []),
    ...BLOG_SORTS.map((value) => ({ value, label: BLOG_SORT_LABELS[value] })),
  ];
  const datesError = datesInOrder(filters) ? undefined : "The start date must not be after the end date.";
  return (
    <form
      className={`nl-panel ${classes.filters}`}
      aria-label="Filter blogs"
      onSubmit={(event) => {
        event.preventDefault();
        commitSearch.cancel?.();
        onChange({ search: search.trim() });
      }}
    >
      <TextInput
        className={classes.searchField}
        label="Search"
        placeholder="Words in the title or text"
        type="search"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          commitSearch(event.currentTarget.value);
        }}
        maxLength={200}
      />
      {/* The browser's own pickers: no popover to position while the page starts, the phone's native list. */}
      <NativeSelect
        label="Sort"
        data={sortOptions}
        value={filters.sort ?? (filters.search ? RELEVANCE : "newest")}
        onChange={({ currentTarget: { value } }) =>
          onChange({ sort: value === RELEVANCE ? null : (value as BlogFilters["sort"]) })
        }
      />
      <NativeSelect
        label="Category"
        data={[
          { value: ALL, label: "All categories" },
          ...(categories ?? []).map((c) => ({ value: c.slug, label: `${c.name} (${c.count})` })),
        ]}
        value={filters.category ?? ALL}
        onChange={({ currentTarget: { value } }) => onCategory(value === ALL ? null : value)}
      />
      <TextInput
        label="From"
        type="date"
        value={filters.from ?? ""}
        max={filters.to ?? undefined}
        onChange={(event) => onChange({ from: event.currentTarget.value || null })}
        error={datesError}
      />
      <TextInput
        label="To"
        type="date"
        value={filters.to ?? ""}
        min={filters.from ?? undefined}
        onChange={(event) => onChange({ to: event.currentTarget.value || null })}
        error={datesError ? true : undefined}
      />
    </form>
  );
}

/**
 * The published blogs with the spec's filters (search, sort, category, from, to), 12 a page, all in the
 * address. `fixedCategory`: /blogs/categories/:slug, where picking another category changes the path.
 */
export function BlogList({ fixedCategory }: { fixedCategory?: string }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const categories = useBlogCategories();
  const filters = { ...readFilters(params), ...(fixedCategory ? { category: fixedCategory } : {}) };
  const category = categories.data?.find((c) => c.slug === filters.category);
  // Wait for the categories before asking for a category's list, so a shared link never shows "all".
  const waiting = Boolean(filters.category) && categories.isPending;
  const unknownCategory = Boolean(filters.category) && categories.isSuccess && !category;
  const enabled = !waiting && !unknownCategory && datesInOrder(filters);
  const list = useBlogList(listQuery(filters, category?.id), enabled);

  const change = (change: Partial<BlogFilters>, replace = false) =>
    setParams(writeFilters(params, change), { replace, preventScrollReset: true });
  const chooseCategory = (slug: string | null) => {
    if (!fixedCategory) return change({ category: slug });
    const rest = writeFilters(params, { category: null });
    const search = rest.toString() ? `?${rest}` : "";
    navigate(slug ? `/blogs/categories/${slug}${search}` : `/blogs${search}`);
  };
  const clear = () => (fixedCategory ? navigate("/blogs") : setParams(new URLSearchParams()));

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / BLOGS_PAGE_SIZE)) : 1;
  return (
    <div className={classes.listArea}>
      <FilterBar filters={filters} categories={categories.data} onChange={change} onCategory={chooseCategory} />
      {unknownCategory ? (
        <div className={`nl-panel ${classes.empty}`} data-empty>
          <IconSearchOff size={36} aria-hidden="true" />
          <h2 className={classes.emptyTitle}>No such category</h2>
          <p>{`There is no blog category "${filters.category}".`}</p>
          <Button variant="default" onClick={clear}>
            See every blog
          </Button>
        </div>
      ) : list.isError ? (
        <div className={`nl-panel ${classes.empty}`} role="alert">
          <h2 className={classes.emptyTitle}>Blogs did not load</h2>
          <p>{errorMessage(list.error)}</p>
          <Button variant="default" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : !enabled && !waiting ? null : list.isPending || waiting ? (
        <CardGridSkeleton label="Loading blogs" cardHeight={360} wideFrom="lg" />
      ) : list.data.items.length === 0 ? (
        <div className={`nl-panel ${classes.empty}`} data-empty>
          <IconSearchOff size={36} aria-hidden="true" />
          <h2 className={classes.emptyTitle}>{isFiltered(filters) ? "No blogs match" : "No blogs yet"}</h2>
          <p>
            {isFiltered(filters)
              ? "Nothing published matches these filters. Try other words or a wider date range."
              : "Nothing is published here yet. Be the first to write one."}
          </p>
          {isFiltered(filters) && (
            <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={clear}>
              Clear filters
            </Button>
          )}
        </div>
      ) : (
        <>
          <Text className={classes.count} aria-live="polite" data-total={list.data.total}>
            {`${formatCount(list.data.total)}${list.data.totalCapped ? "+" : ""} ${list.data.total === 1 ? "blog" : "blogs"}`}
            {filters.search ? ` for "${filters.search}"` : ""}
          </Text>
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="lg"
            data-blog-list
            style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
          >
            {list.data.items.map((blog, index) => (
              <BlogCard key={blog.id} blog={blog} aboveTheFold={index < 3} />
            ))}
          </SimpleGrid>
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={Math.min(filters.page, pages)}
                onChange={(page) => {
                  change({ page });
                  window.scrollTo({ top: 0 });
                }}
                getControlProps={(control) =>
                  control === "previous"
                    ? { "aria-label": "Previous page" }
                    : control === "next"
                      ? { "aria-label": "Next page" }
                      : {}
                }
                getItemProps={(page) => ({ "aria-label": `Page ${page}` })}
              />
            </Group>
          )}
        </>
      )}
    </div>
  );
}
