import { describe, expect, it } from "vitest";
import { datesInOrder, isFiltered, listQuery, readFilters, writeFilters } from "./list-filters.ts";

describe("blog list filters in the address", () => {
  it("reads what makes sense and ignores the rest", () => {
    const filters = readFilters(
      new URLSearchParams("search=%20tiptap%20&sort=top&category=web&from=2026-01-02&to=not-a-day&page=3"),
    );
    expect(filters).toEqual({
      search: "tiptap",
      sort: "top",
      category: "web",
      from: "2026-01-02",
      to: null,
      page: 3,
    });
    expect(readFilters(new URLSearchParams("sort=best&page=-2"))).toMatchObject({ sort: null, page: 1 });
  });

  it("goes back to page 1 when a filter changes, and drops empty values", () => {
    const params = new URLSearchParams("search=css&page=4&sort=views");
    expect(writeFilters(params, { search: "" }).toString()).toBe("sort=views");
    expect(writeFilters(params, { page: 5 }).toString()).toBe("search=css&page=5&sort=views");
    expect(writeFilters(params, { page: 1 }).toString()).toBe("search=css&sort=views");
  });

  it("turns the filters into the API's query", () => {
    const filters = readFilters(new URLSearchParams("search=rust&from=2026-03-01&to=2026-02-01"));
    expect(datesInOrder(filters)).toBe(false);
    expect(isFiltered(filters)).toBe(true);
    expect(listQuery(filters, 7)).toEqual({
      search: "rust",
      sort: undefined,
      blogCategoryId: 7,
      from: "2026-03-01",
      to: "2026-02-01",
      page: 1,
    });
    expect(isFiltered(readFilters(new URLSearchParams("sort=top")))).toBe(false);
  });
});
