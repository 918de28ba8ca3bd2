import { notifications } from "@mantine/notifications";
import { MESSAGES } from "@neonlab/shared/messages";
import { PASSWORD_PROBLEMS, PASSWORD_RULE } from "@neonlab/shared/password-policy";
import {
  authDoneAnswerSchema,
  authSessionAnswerSchema,
  DELETE_ACCOUNT_MESSAGES,
  linkedAccountsSchema,
} from "@neonlab/shared/schemas/auth";
import { messageResponseSchema } from "@neonlab/shared/schemas/common";
import {
  DATA_EXPORT_MESSAGES,
  dataExportRequestedSchema,
  dataExportStatusSchema,
} from "@neonlab/shared/schemas/data-export";
import { classroomListSchema } from "@neonlab/shared/schemas/classrooms";
import { notificationPreferencesSchema } from "@neonlab/shared/schemas/community";
import { subscriptionAnswerSchema } from "@neonlab/shared/schemas/payments";
import { ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearAuthToken, readAuthToken, writeAuthToken } from "../../../lib/auth-token.ts";
import { testProfile } from "../../../test/fixtures.ts";
import { mockApi, mockError, mockGet, type RecordedRequest } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { SettingsPage } from "./settings-page.tsx";

/** The zone this test's "browser" is in (lib/time-zone.ts asks Intl; the tests pick it). */
const browser = vi.hoisted(() => ({ zone: "UTC" as string | null }));
vi.mock("../../../lib/time-zone.ts", async (original) => ({
  ...(await original<typeof import("../../../lib/time-zone.ts")>()),
  browserTimeZone: () => browser.zone,
}));

beforeEach(() => {
  writeAuthToken("tok-settings");
  mockGet("/api/profile", ownProfileSchema, testProfile);
  mockGet("/api/users/data-export", dataExportStatusSchema, { status: "none", requestedAt: null, expiresAt: null });
  mockGet("/api/classrooms", classroomListSchema, { teaching: [], member_of: [] });
});
afterEach(() => {
  browser.zone = "UTC";
  window.localStorage.clear();
  // Toasts live in a module store: one test's must not hide (or duplicate) the next one's.
  notifications.clean();
  cleanup();
  clearAuthToken();
});

/** PUT /api/profile as the server answers it: the profile with the sent fields. */
const mockProfileUpdate = () =>
  mockApi("PUT", "/api/profile", ownProfileSchema, (request: RecordedRequest) => ({
    ...testProfile,
    ...(request.body as object),
  }));

describe("SettingsPage", { timeout: 20_000 }, () => {
  it("saves a profile field and shows the spec toast", async () => {
    const updates = mockProfileUpdate();
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { path: "/settings" });
    const name = await screen.findByLabelText(/^Display name/);
    await user.clear(name);
    await user.type(name, "Grace Hopper");
    await user.click(screen.getByRole("button", { name: "Save Profile" }));
    expect(await screen.findByText(MESSAGES.profileUpdated)).toBeTruthy();
    const body = updates[0]?.body as Record<string, unknown>;
    expect(body.display_name).toBe("Grace Hopper");
    expect(body).not.toHaveProperty("role");
  });

  it("refuses a bad username before calling the server", async () => {
    const updates = mockProfileUpdate();
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { path: "/settings?tab=profile" });
    const username = await screen.findByLabelText(/^Username/);
    await user.clear(username);
    await user.type(username, "No Spaces!");
    await user.click(screen.getByRole("button", { name: "Save Profile" }));
    expect(await screen.findByText(/Username may contain only/)).toBeTruthy();
    expect(updates).toEqual([]);
  });

  it("shows the password rule and a live strength meter, and refuses a weak new password before calling the server", async () => {
    // Signing the other devices out (the default) ends this session too: the answer carries its successor.
    const changes = mockApi(
      "POST",
      "/api/auth/change-password",
      authSessionAnswerSchema,
      { token: "raw-session-token" },
      { headers: { "set-auth-token": "tok-after-change" } },
    );
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { path: "/settings?tab=account" });
    await user.type(await screen.findByLabelText(/^Current password/), "old-secret-words");
    const field = screen.getByLabelText(/^New password/);
    expect(field.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText(PASSWORD_RULE)).toBeTruthy();
    const meter = screen.getByTestId("password-strength");
    expect(meter.getAttribute("aria-live")).toBe("polite");

    await user.type(field, "password");
    await waitFor(() => expect(meter.textContent).toBe(`Password strength: Very weak. ${PASSWORD_PROBLEMS.common}`));
    await user.type(screen.getByLabelText(/^Repeat the new password/), "password");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByText(PASSWORD_PROBLEMS.common)).toBeTruthy();

    // The user's own name (Ada Lovelace in the fixture) is refused too.
    await user.clear(field);
    await user.type(field, "AdaLovelace-1815");
    await waitFor(() => expect(meter.textContent).toContain(PASSWORD_PROBLEMS.personal));
    expect(changes).toHaveLength(0);

    await user.clear(field);
    await user.type(field, "violet-kettle-42");
    await waitFor(() => expect(meter.textContent).toBe("Password strength: Very strong."));
    const repeat = screen.getByLabelText(/^Repeat the new password/);
    await user.clear(repeat);
    await user.type(repeat, "violet-kettle-42");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByText(MESSAGES.passwordUpdated)).toBeTruthy();
    expect(changes[0]?.body).toEqual({
      currentPassword: "old-secret-words",
      newPassword: "violet-kettle-42",
      revokeOtherSessions: true,
    });
    expect(readAuthToken()).toBe("tok-after-change");
  });

  it('keeps the other devices signed in when "Sign out my other devices" is unchecked', async () => {
    const changes = mockApi("POST", "/api/auth/change-password", authSessionAnswerSchema, { token: null });
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { path: "/settings?tab=account" });
    const signOutOthers = await screen.findByRole("checkbox", { name: "Sign out my other devices" });
    expect((signOutOthers as HTMLInputElement).checked).toBe(true);
    await user.click(signOutOthers);
    await user.type(screen.getByLabelText(/^Current password/), "old-secret-words");
    await user.type(screen.getByLabelText(/^New password/), "violet-kettle-42");
    await user.type(screen.getByLabelText(/^Repeat the new password/), "violet-kettle-42");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByText(MESSAGES.passwordUpdated)).toBeTruthy();
    expect(changes[0]?.body).toEqual({
      currentPassword: "old-secret-words",
      newPassword: "violet-kettle-42",
      revokeOtherSessions: false,
    });
    expect(readAuthToken()).toBe("tok-settings");
  });

  it("says a wrong current password beside that field, not only in a toast", async () => {
    mockError("POST", "/api/auth/change-password", 400, {
      statusCode: 400,
      statusMessage: "Bad Request",
      message: "Invalid password",
      code: "INVALID_PASSWORD",
    });
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { path: "/settings?tab=account" });
    const current = await screen.findByLabelText(/^Current password/, {}, { timeout: 5000 });
    await user.type(current, "not-my-password");
    await user.type(screen.getByLabelText(/^New password/), "violet-kettle-42");
    await user.type(screen.getByLabelText(/^Repeat the new password/), "violet-kettle-42");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    // The field's own error: named by its aria-describedby, read with it.
    const describedBy = () => (current.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
    await waitFor(
      () => expect(describedBy().map((id) => document.getElementById(id)?.textContent)).toContain("Invalid password"),
      { timeout: 5000 },
    );
  });

  it("saves editor preferences from the editor tab", async () => {
    const updates = mockProfileUpdate();
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { path: "/settings?tab=editor" });
    const size = await screen.findByLabelText(/Code Editor Font Size/);
    await user.clear(size);
    await user.type(size, "18");
    await user.click(screen.getByRole("button", { name: "Save Preferences" }));
    expect(await screen.findByText(MESSAGES.editorPreferencesUpdated)).toBeTruthy();
    expect(updates[0]?.body).toEqual({
      editor_preferences: { theme: "cyberpunk", fontFamily: "Roboto", fontSize: 18, lineHeight: 20 },
    });
  });

  describe("deleting the account", () => {
    const subscription = (status: "active" | "canceled" | null) =>
      mockGet("/api/stripe/subscription", subscriptionAnswerSchema, {
        subscription: status && {
          id: "sub_1",
          price_id: "price_pro_monthly",
          interval: "month",
          amount: 999,
          currency: "usd",
          status,
          cancel_at_period_end: false,
          current_period_end: "2026-02-01T00:00:00.000Z",
        },
        has_access: status === "active",
      });
    const signInMethods = (...providers: string[]) =>
      mockGet(
        "/api/auth/list-accounts",
        linkedAccountsSchema,
        providers.map((providerId) => ({ providerId })),
      );
    const openDeletion = async (user: ReturnType<typeof userEvent.setup>) => {
      renderApp(<SettingsPage />, { path: "/settings?tab=account" });
      await user.click(await screen.findByRole("button", { name: "Delete Account" }));
      return screen.findByRole("dialog", { name: "Delete account" }, { timeout: 3000 });
    };

    it("asks for the password; a wrong one is said at the field and deletes nothing; the right one signs out", async () => {
      signInMethods("credential");
      subscription(null);
      const deletions = mockApi("DELETE", "/api/users", messageResponseSchema, { message: MESSAGES.accountDeleted });
      // The first answer (the latest mock answers first).
      const refused = mockError(
        "DELETE",
        "/api/users",
        403,
        { statusCode: 403, statusMessage: "Forbidden", message: DELETE_ACCOUNT_MESSAGES.wrongPassword },
        { once: true },
      );
      mockApi("POST", "/api/auth/sign-out", authDoneAnswerSchema, { success: true });
      const user = userEvent.setup();
      const dialog = await openDeletion(user);
      expect(dialog.textContent).toContain("This can not be undone.");
      expect(within(dialog).queryByText(/subscription will be cancelled/)).toBeNull();
      const password = await within(dialog).findByLabelText(/^Password/, { selector: "input" });
      await waitFor(() => expect(document.activeElement).toBe(password));

      // Nothing typed: said at the field, nothing sent.
      await user.click(within(dialog).getByRole("button", { name: "Delete Account" }));
      expect(await within(dialog).findByText(DELETE_ACCOUNT_MESSAGES.passwordRequired)).toBeTruthy();

      await user.type(password, "not-my-password");
      await user.click(within(dialog).getByRole("button", { name: "Delete Account" }));
      expect(await within(dialog).findByText(DELETE_ACCOUNT_MESSAGES.wrongPassword)).toBeTruthy();
      expect(screen.getByTestId("location").textContent).toBe("/settings?tab=account");

      await user.clear(password);
      await user.type(password, "correct-horse");
      await user.click(within(dialog).getByRole("button", { name: "Delete Account" }));
      expect(await screen.findByText(MESSAGES.accountDeleted)).toBeTruthy();
      await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
      expect(refused.map((d) => d.body)).toEqual([{ password: "not-my-password" }]);
      expect(deletions.map((d) => d.body)).toEqual([{ password: "correct-horse" }]);
    });

    it("asks an account without a password (OAuth only) to type its username", async () => {
      signInMethods("github");
      subscription(null);
      const deletions = mockApi("DELETE", "/api/users", messageResponseSchema, { message: MESSAGES.accountDeleted });
      mockApi("POST", "/api/auth/sign-out", authDoneAnswerSchema, { success: true });
      const user = userEvent.setup();
      const dialog = await openDeletion(user);
      const username = await within(dialog).findByRole("textbox", { name: /^Username/ });
      expect(within(dialog).queryByLabelText(/^Password/)).toBeNull();
      expect(dialog.textContent).toContain(`type your username, ${testProfile.username}, to confirm`);
      await user.type(username, testProfile.username);
      await user.click(within(dialog).getByRole("button", { name: "Delete Account" }));
      await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
      expect(deletions.map((d) => d.body)).toEqual([{ username: testProfile.username }]);
    });

    it("says that a live Pro subscription is cancelled at once, before anything is confirmed", async () => {
      signInMethods("credential");
      subscription("active");
      const user = userEvent.setup();
      const dialog = await openDeletion(user);
      expect(
        await within(dialog).findByText("Your Pro monthly subscription will be cancelled at once and not renewed."),
      ).toBeTruthy();
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
      await waitFor(() => expect(screen.queryByRole("dialog", { name: "Delete account" })).toBeNull());
    });

    it("says nothing of a subscription that already ended", async () => {
      signInMethods("credential");
      subscription("canceled");
      const user = userEvent.setup();
      const dialog = await openDeletion(user);
      await within(dialog).findByLabelText(/^Password/, { selector: "input" });
      await waitFor(() =>
        expect(within(dialog).getByRole("button", { name: "Delete Account" })).toHaveProperty("disabled", false),
      );
      expect(within(dialog).queryByText(/subscription will be cancelled/)).toBeNull();
    });

    it("shows the spec's failure toast when deletion fails, and keeps the dialog", async () => {
      signInMethods("credential");
      subscription(null);
      mockError("DELETE", "/api/users", 500, { statusCode: 500, statusMessage: "Error", message: "boom" });
      const user = userEvent.setup();
      const dialog = await openDeletion(user);
      await user.type(await within(dialog).findByLabelText(/^Password/, { selector: "input" }), "correct-horse");
      await user.click(within(dialog).getByRole("button", { name: "Delete Account" }));
      expect(await screen.findByText(MESSAGES.accountDeleteFailed)).toBeTruthy();
      expect(screen.getByRole("dialog", { name: "Delete account" })).toBeTruthy();
      expect(screen.getByTestId("location").textContent).toBe("/settings?tab=account");
    });
  });

  it("requests a data export from the account tab, and says when it is too soon", async () => {
    const requests = mockApi("POST", "/api/users/data-export", dataExportRequestedSchema, {
      message: DATA_EXPORT_MESSAGES.requested,
      status: "pending",
    });
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { path: "/settings?tab=account" });
    await user.click(await screen.findByRole("button", { name: "Download my data" }));
    expect(await screen.findByText(DATA_EXPORT_MESSAGES.requested)).toBeTruthy();
    expect(requests).toHaveLength(1);

    const tooSoon = DATA_EXPORT_MESSAGES.tooSoon(42);
    mockError("POST", "/api/users/data-export", 429, {
      statusCode: 429,
      statusMessage: "Too Many Requests",
      message: tooSoon,
    });
    await user.click(screen.getByRole("button", { name: "Download my data" }));
    expect(await screen.findByText(tooSoon, {}, { timeout: 5000 })).toBeTruthy();
  });

  it("the data export mail's link brings the Download file button into view and focuses it", async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    try {
      renderApp(<SettingsPage />, { path: "/settings?tab=account&export=tok-mailed" });
      const ready = await screen.findByTestId("data-export-ready");
      const button = within(ready).getByRole("button", { name: "Download file" });
      await waitFor(() => expect(document.activeElement).toBe(button));
      expect(scrolled).toContain(button);
      expect(screen.getByRole("tab", { name: "Account" }).getAttribute("aria-selected")).toBe("true");
    } finally {
      scrollIntoView.mockRestore();
    }
  });

  it("without the mail's link, the account tab takes no focus", async () => {
    renderApp(<SettingsPage />, { path: "/settings?tab=account" });
    await screen.findByRole("button", { name: "Download my data" });
    expect(screen.queryByTestId("data-export-ready")).toBeNull();
    expect(document.activeElement).toBe(document.body);
  });

  describe("the browser's time zone", () => {
    it("offers to switch to it when it differs from the saved one, and saves it on Use", async () => {
      browser.zone = "America/Los_Angeles";
      const updates = mockProfileUpdate();
      const user = userEvent.setup();
      renderApp(<SettingsPage />, { path: "/settings" });
      const notice = await screen.findByRole("region", { name: "Your browser is in another time zone" });
      expect(notice.textContent).toContain("Your streak days follow UTC; this browser is set to America/Los_Angeles.");
      await user.click(screen.getByRole("button", { name: "Use America/Los_Angeles" }));
      expect(await screen.findByText(MESSAGES.profileUpdated)).toBeTruthy();
      expect(updates.map((u) => u.body)).toEqual([{ time_zone: "America/Los_Angeles" }]);
      await waitFor(() => expect(screen.queryByRole("region", { name: /another time zone/ })).toBeNull());
      // The profile form's field follows the saved zone (a later "Save Profile" must not send UTC back).
      await waitFor(() =>
        expect((screen.getByLabelText(/^Time zone/, { selector: "input" }) as HTMLInputElement).value).toBe(
          "America/Los_Angeles",
        ),
      );
    });

    it("remembers a dismissal for that zone, but offers another zone again", async () => {
      browser.zone = "America/Los_Angeles";
      const user = userEvent.setup();
      const first = renderApp(<SettingsPage />, { path: "/settings?tab=account" });
      await screen.findByRole("region", { name: "Your browser is in another time zone" });
      await user.click(screen.getByRole("button", { name: "Dismiss" }));
      expect(screen.queryByRole("region", { name: /another time zone/ })).toBeNull();
      first.unmount();

      // The next visit: not again for Los Angeles…
      const second = renderApp(<SettingsPage />, { path: "/settings?tab=account" });
      expect(await screen.findByRole("button", { name: "Delete Account" })).toBeTruthy();
      expect(screen.queryByRole("region", { name: /another time zone/ })).toBeNull();
      second.unmount();

      // …but the browser moved on: that zone is offered.
      browser.zone = "Europe/Berlin";
      renderApp(<SettingsPage />, { path: "/settings?tab=account" });
      expect(await screen.findByRole("button", { name: "Use Europe/Berlin" })).toBeTruthy();
    });

    it("says nothing when the browser is in the saved zone, or in none the server takes", async () => {
      for (const zone of ["UTC", "Etc/UTC", null, "Mars/Olympus_Mons"]) {
        browser.zone = zone;
        const view = renderApp(<SettingsPage />, { path: "/settings?tab=account" });
        expect(await screen.findByRole("button", { name: "Delete Account" })).toBeTruthy();
        expect(screen.queryByRole("region", { name: /another time zone/ }), String(zone)).toBeNull();
        view.unmount();
      }
    });
  });
});

describe("Settings → Notifications", { timeout: 20_000 }, () => {
  const preferences = () =>
    mockGet("/api/notifications/preferences", notificationPreferencesSchema, { paused: false, disabled: [] });

  it("shows a learner no switch for blogs waiting for review", async () => {
    preferences();
    renderApp(<SettingsPage />, { path: "/settings?tab=notifications" });
    expect(await screen.findByRole("switch", { name: /Badges earned/ })).toBeTruthy();
    expect(screen.queryByRole("switch", { name: /Blogs waiting for review/ })).toBeNull();
  });

  it("shows a moderator the switch for blogs waiting for review", async () => {
    mockGet("/api/profile", ownProfileSchema, { ...testProfile, role: "moderator" });
    preferences();
    renderApp(<SettingsPage />, { path: "/settings?tab=notifications" });
    expect(await screen.findByRole("switch", { name: /Blogs waiting for review/ })).toBeTruthy();
  });
});
