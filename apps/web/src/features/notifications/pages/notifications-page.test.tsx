import { NOTIFICATIONS_PER_PAGE } from "@neonlab/shared/constants";
import { type Notification, notificationsPageSchema, unreadCountSchema } from "@neonlab/shared/schemas/community";
import { ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { clearAuthToken, writeAuthToken } from "../../../lib/auth-token.ts";
import { testProfile } from "../../../test/fixtures.ts";
import { mockApi, mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { NotificationBell } from "../components/notification-bell.tsx";
import { NotificationsPage } from "./notifications-page.tsx";

// /notifications: the bell's list in full, 15 a page as the bell pages it (spec: notifications 15 per page).

const TOTAL = 20;
const badge = (id: number): Notification => ({
  id,
  kind: "badge_earned",
  read: id < 10,
  created_at: new Date(Date.UTC(2026, 10, 1, 12, id)).toISOString(),
  actor: null,
  data: { badge_name: `Badge ${id}`, link: `/profile/ada` },
});

/** Newest first by keyset: ids TOTAL…1, `before` the last id of the previous page. */
function mockList() {
  let unread = 11;
  const asked = mockGet("/api/notifications", notificationsPageSchema, (request) => {
    const before = Number(request.query.get("before") ?? TOTAL + 1);
    const ids = Array.from({ length: TOTAL }, (_, i) => TOTAL - i).filter((id) => id < before);
    const page = ids.slice(0, NOTIFICATIONS_PER_PAGE);
    return {
      items: page.map(badge),
      total: TOTAL,
      unread,
      next_before: ids.length > NOTIFICATIONS_PER_PAGE ? (page.at(-1) ?? null) : null,
    };
  });
  mockGet("/api/notifications/unread-count", unreadCountSchema, () => ({ unread }));
  const markAll = mockApi("PATCH", "/api/notifications/read-all", unreadCountSchema, () => {
    unread = 0;
    return { unread };
  });
  return { asked, markAll };
}

afterEach(() => clearAuthToken());

describe("the notifications page", () => {
  it("lists 15 a page, newest first, pages on with Load more, and marks all read", async () => {
    writeAuthToken("tok-notes");
    mockGet("/api/profile", ownProfileSchema, testProfile);
    const { asked, markAll } = mockList();
    renderApp(<NotificationsPage />, { path: "/notifications" });
    const list = await screen.findByRole("region", { name: "Your notifications" }, { timeout: 5000 });
    await waitFor(() => expect(within(list).getAllByRole("link")).toHaveLength(NOTIFICATIONS_PER_PAGE));
    expect(within(list).getAllByRole("link")[0]?.textContent).toContain("You earned the Badge 20 badge.");
    expect(screen.getByText(`Showing 15 of ${TOTAL}`)).toBeTruthy();
    expect(screen.getByText("11 unread")).toBeTruthy();

    await userEvent.click(within(list).getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(list).getAllByRole("link")).toHaveLength(TOTAL));
    expect(asked.at(-1)?.query.get("before")).toBe("6");
    expect(screen.getByText(`Showing ${TOTAL} of ${TOTAL}`)).toBeTruthy();
    expect(within(list).queryByRole("button", { name: "Load more" })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Mark all read" }));
    await waitFor(() => expect(markAll).toHaveLength(1));
    expect(await screen.findByText("All read.")).toBeTruthy();
  });

  it("the bell's list has a See all link to the page", async () => {
    mockList();
    renderApp(<NotificationBell profile={testProfile} />);
    await userEvent.click(await screen.findByRole("button", { name: "Notifications, 11 unread" }));
    // The dropdown is still in its enter transition in happy-dom (hidden to the role query).
    const seeAll = await screen.findByRole("link", { name: "See all notifications", hidden: true });
    expect(seeAll.getAttribute("href")).toBe("/notifications");
    await userEvent.click(seeAll);
    expect(screen.getByTestId("location").textContent).toBe("/notifications");
  });
});
