import { MESSAGES } from "@neonlab/shared/messages";
import {
  connectionActionResultSchema,
  notificationsPageSchema,
  unreadCountSchema,
} from "@neonlab/shared/schemas/community";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { testProfile } from "../../../test/fixtures.ts";
import { mockApi, mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { NotificationBell } from "./notification-bell.tsx";

const ADA = { id: "0f8e6a7c-1d2b-4c3e-9f8a-7b6c5d4e3f21", username: "ada", display_name: "Ada", avatar: null };

describe("NotificationBell", () => {
  it("shows the unread count, lists newest first with the total, and answers a request from the list", async () => {
    let pending = true;
    mockGet("/api/notifications/unread-count", unreadCountSchema, () => ({ unread: pending ? 2 : 1 }));
    mockGet("/api/notifications", notificationsPageSchema, () => ({
      items: [
        ...(pending
          ? [
              {
                id: 9,
                kind: "connection_request" as const,
                read: false,
                created_at: new Date().toISOString(),
                actor: ADA,
                data: {},
              },
            ]
          : []),
        {
          id: 4,
          kind: "badge_earned" as const,
          read: false,
          created_at: new Date().toISOString(),
          actor: null,
          data: {},
        },
      ],
      total: pending ? 2 : 1,
      unread: pending ? 2 : 1,
      next_before: null,
    }));
    const accepted = mockApi("PATCH", "/api/users/accept-connection-request", connectionActionResultSchema, () => {
      pending = false;
      return { message: MESSAGES.connectionAccepted, relationship: "connected" as const };
    });
    renderApp(<NotificationBell profile={testProfile} />);
    const bell = await screen.findByRole("button", { name: "Notifications, 2 unread" });
    await userEvent.click(bell);
    expect(await screen.findByText("Ada wants to connect with you.")).toBeTruthy();
    expect(screen.getByText("You earned a new badge.")).toBeTruthy();
    expect(screen.getByText("Showing 2 of 2")).toBeTruthy();
    // The dropdown is still in its enter transition in happy-dom (hidden to the role query).
    await userEvent.click(screen.getByRole("button", { name: "Accept", hidden: true }));
    await waitFor(() => expect(screen.queryByText("Ada wants to connect with you.")).toBeNull());
    expect(accepted[0]?.query.get("friendId")).toBe(ADA.id);
    expect(await screen.findByRole("button", { name: "Notifications, 1 unread" })).toBeTruthy();
  });
});
