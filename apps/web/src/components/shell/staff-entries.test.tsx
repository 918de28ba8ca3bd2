import { type BlogPage, blogPageSchema } from "@neonlab/shared/schemas/blogs";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import { reviewDueSchema } from "@neonlab/shared/schemas/review";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { testProfile } from "../../test/fixtures.ts";
import { mockGet } from "../../test/http.ts";
import { renderApp } from "../../test/render-app.tsx";
import { MobileNav } from "./mobile-nav.tsx";
import { UserMenu } from "./user-menu.tsx";

// The staff's way to the review queue: the account menu and the mobile drawer, with how many blogs wait.

const moderator: OwnProfile = { ...testProfile, role: "moderator", has_access: false };
const queue = (total: number): BlogPage => ({ items: [], page: 1, pageSize: 12, total });

describe("the staff's entries", () => {
  // The menus also show how many review cards are due (none here).
  beforeEach(() => {
    mockGet("/api/review", reviewDueSchema, { due_count: 0, cards: [] });
  });

  it("the account menu of a moderator has the review queue with how many blogs wait", async () => {
    const asked = mockGet("/api/blogs/pending", blogPageSchema, queue(3));
    renderApp(<UserMenu profile={moderator} onSignOut={() => {}} />);
    // The menu is still in its enter transition in happy-dom (hidden to the role query).
    await userEvent.click(screen.getByRole("button", { name: /Account menu/ }));
    const entry = await screen.findByRole("menuitem", { name: "Review queue 3 waiting", hidden: true });
    expect(entry.getAttribute("href")).toBe("/blogs/my-blogs#review-queue");
    expect(asked[0]?.query.get("page")).toBe("1");
    expect(screen.getByRole("menuitem", { name: "Notifications", hidden: true }).getAttribute("href")).toBe(
      "/notifications",
    );
  });

  it("a learner's menu has no review queue and asks for none", async () => {
    renderApp(<UserMenu profile={{ ...testProfile, has_access: true }} onSignOut={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: /Account menu/ }));
    expect(await screen.findByRole("menuitem", { name: "Notifications", hidden: true })).toBeTruthy();
    expect(screen.queryByRole("menuitem", { name: /Review queue/, hidden: true })).toBeNull();
    expect(screen.getByRole("menuitem", { name: "Classrooms", hidden: true }).getAttribute("href")).toBe("/classrooms");
  });

  it("the mobile drawer of a moderator has the review queue with its count", async () => {
    mockGet("/api/blogs/pending", blogPageSchema, queue(2));
    renderApp(<MobileNav opened onClose={() => {}} signedOut={false} profile={moderator} />);
    const account = await screen.findByRole("navigation", { name: "Your account", hidden: true });
    const entry = await within(account).findByRole("link", { name: "Review queue 2 waiting", hidden: true });
    expect(entry.getAttribute("href")).toBe("/blogs/my-blogs#review-queue");
    expect(within(account).getByRole("link", { name: "Classrooms", hidden: true }).getAttribute("href")).toBe(
      "/classrooms",
    );
  });
});
