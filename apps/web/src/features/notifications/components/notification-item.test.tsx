import type { Notification } from "@neonlab/shared/schemas/community";
import { unreadCountSchema } from "@neonlab/shared/schemas/community";
import { ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { clearAuthToken, writeAuthToken } from "../../../lib/auth-token.ts";
import { testProfile } from "../../../test/fixtures.ts";
import { mockApi, mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { NotificationItem } from "./notification-item.tsx";

const ADA = { id: "0f8e6a7c-1d2b-4c3e-9f8a-7b6c5d4e3f21", username: "ada", display_name: "Ada Author", avatar: null };

const note = (fields: Partial<Notification> & Pick<Notification, "kind" | "data">): Notification => ({
  id: 9,
  read: false,
  created_at: "2026-11-28T21:15:00.000Z",
  actor: null,
  ...fields,
});

const show = (notification: Notification) =>
  renderApp(
    <ul>
      <NotificationItem notification={notification} username="ada" />
    </ul>,
  );

/** The browser's languages as the reader set them (happy-dom's default is en-US). */
function readerLanguages(languages: string[]) {
  Object.defineProperty(navigator, "languages", { configurable: true, get: () => languages });
  Object.defineProperty(navigator, "language", { configurable: true, get: () => languages[0] });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "languages");
  Reflect.deleteProperty(navigator, "language");
  clearAuthToken();
});

describe("NotificationItem", () => {
  it("names what it is about on a line of its own, and is a link to it that marks it read", async () => {
    const read = mockApi("PATCH", "/api/notifications/9/read", unreadCountSchema, { unread: 0 });
    show(
      note({
        kind: "report_resolved",
        data: {
          report_id: 4,
          report_kind: "lesson",
          subject_title: "A quiz answer looks wrong · The box model",
          link: "/courses/web-foundations/the-box-model",
        },
      }),
    );
    const link = screen.getByRole("link", { name: /A report you sent was resolved\./ });
    expect(link.getAttribute("href")).toBe("/courses/web-foundations/the-box-model");
    expect(within(link).getByText("A quiz answer looks wrong · The box model")).toBeTruthy();
    expect(link.textContent).toContain("(unread)");
    await userEvent.click(link);
    await waitFor(() => expect(read).toHaveLength(1));
    expect(screen.getByTestId("location").textContent).toBe("/courses/web-foundations/the-box-model");
  });

  it("a blog sent for review names its author and title and leads to the review queue", () => {
    show(
      note({
        kind: "blog_submitted",
        actor: ADA,
        data: {
          blog_id: 12,
          title: "Pattern matching in practice",
          subject_title: "Pattern matching in practice",
          link: "/blogs/my-blogs#review-queue",
        },
      }),
    );
    const link = screen.getByRole("link", { name: /Ada Author sent a blog for review\./ });
    expect(link.getAttribute("href")).toBe("/blogs/my-blogs#review-queue");
    expect(within(link).getByText("Pattern matching in practice")).toBeTruthy();
  });

  it("an older notification with no subject stored still shows its sentence and leads where its kind does", () => {
    show(note({ kind: "report_resolved", read: true, data: { report_id: 4, report_kind: "app" } }));
    const link = screen.getByRole("link", { name: "A report you sent was resolved." });
    expect(link.getAttribute("href")).toBe("/help#your-reports");
    expect(document.querySelector("[data-notification-subject]")).toBeNull();
  });

  it("never links off the app, whatever a stored link says", () => {
    show(note({ kind: "giveaway_won", data: { prize: 500, title: "Spring draw", link: "//evil.example/x" } }));
    expect(screen.getByRole("link", { name: /You won 500 NeonBits/ }).getAttribute("href")).toBe("/giveaway");
    expect(screen.getByText("Spring draw")).toBeTruthy();
  });

  it("shows dates in the reader's locale and in their profile's time zone, from the date the server stored", async () => {
    readerLanguages(["de-DE"]);
    writeAuthToken("tok-dates");
    mockGet("/api/profile", ownProfileSchema, { ...testProfile, time_zone: "Asia/Tokyo" });
    show(
      note({
        kind: "subscription_changed",
        created_at: "2026-11-28T21:15:00.000Z",
        data: {
          status: "active",
          cancel_at_period_end: true,
          period_end: "2026-12-28T23:30:00.000Z",
          has_access: true,
          link: "/settings?tab=subscription",
        },
      }),
    );
    // 23:30 UTC on 28 December is already the 29th in Tokyo; German readers write it 29.12.2026.
    expect(
      await screen.findByRole(
        "link",
        { name: /^Your Pro subscription will end on 29\.12\.2026\./ },
        { timeout: 5000 }, // the profile (its zone) loads first
      ),
    ).toBeTruthy();
    const when = document.querySelector("time");
    expect(when?.getAttribute("dateTime")).toBe("2026-11-28T21:15:00.000Z");
    expect(when?.textContent).toBe("29.11.2026, 06:15");
  });
});
