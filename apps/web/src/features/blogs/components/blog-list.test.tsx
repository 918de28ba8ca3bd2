import { blogCategorySchema, blogPageSchema } from "@neonlab/shared/schemas/blogs";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { BlogList } from "./blog-list.tsx";

const categories = [
  { id: 1, slug: "typescript", name: "TypeScript", description: "The language.", count: 3 },
  { id: 2, slug: "security", name: "Security", description: "Keeping systems safe.", count: 1 },
];

describe("the blog list's filters", () => {
  it("sorts and picks a category with the browser's own selects, all in the address", async () => {
    mockGet("/api/blogs/categories", z.array(blogCategorySchema), categories);
    const lists = mockGet("/api/blogs", blogPageSchema, { items: [], page: 1, pageSize: 12, total: 0 });
    renderApp(<BlogList />, { path: "/blogs" });

    const sort = screen.getByRole("combobox", { name: "Sort" });
    expect(sort.tagName).toBe("SELECT");
    await userEvent.selectOptions(sort, "Most viewed");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/blogs?sort=views"));

    const category = screen.getByRole("combobox", { name: "Category" });
    await screen.findByRole("option", { name: "Security (1)" });
    await userEvent.selectOptions(category, "Security (1)");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/blogs?sort=views&category=security"));
    await waitFor(() => expect(lists.at(-1)?.query.get("blogCategoryId")).toBe("2"));
    expect(lists.at(-1)?.query.get("sort")).toBe("views");

    await userEvent.selectOptions(category, "All categories");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/blogs?sort=views"));
  });
});
