import { notifications } from "@mantine/notifications";
import { MESSAGES } from "@neonlab/shared/messages";
import { PASSWORD_PROBLEMS, PASSWORD_RULE } from "@neonlab/shared/password-policy";
import { authDoneAnswerSchema, authSessionAnswerSchema } from "@neonlab/shared/schemas/auth";
import { messageResponseSchema } from "@neonlab/shared/schemas/common";
import {
  DATA_EXPORT_MESSAGES,
  dataExportRequestedSchema,
  dataExportStatusSchema,
} from "@neonlab/shared/schemas/data-export";
import { ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearAuthToken, readAuthToken, writeAuthToken } from "../../../lib/auth-token.ts";
import { testProfile } from "../../../test/fixtures.ts";
import { mockApi, mockError, mockGet, type RecordedRequest } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { SettingsPage } from "./settings-page.tsx";

beforeEach(() => {
  writeAuthToken("tok-settings");
  mockGet("/api/profile", ownProfileSchema, testProfile);
  mockGet("/api/users/data-export", dataExportStatusSchema, { status: "none", requestedAt: null, expiresAt: null });
});
afterEach(() => {
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

  it("deletes the account after confirmation and signs out", async () => {
    const deletions = mockApi("DELETE", "/api/users", messageResponseSchema, { message: MESSAGES.accountDeleted });
    mockApi("POST", "/api/auth/sign-out", authDoneAnswerSchema, { success: true });
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { path: "/settings?tab=account" });
    await user.click(await screen.findByRole("button", { name: "Delete Account" }));
    await user.click(await screen.findByRole("button", { name: "Yes" }, { timeout: 3000 }));
    expect(await screen.findByText(MESSAGES.accountDeleted)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
    expect(deletions).toHaveLength(1);
  });

  it("shows the spec's failure toast when deletion fails", async () => {
    mockError("DELETE", "/api/users", 500, { statusCode: 500, statusMessage: "Error", message: "boom" });
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { path: "/settings?tab=account" });
    await user.click(await screen.findByRole("button", { name: "Delete Account" }));
    await user.click(await screen.findByRole("button", { name: "Yes" }, { timeout: 3000 }));
    expect(await screen.findByText(MESSAGES.accountDeleteFailed)).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/settings?tab=account");
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
});
