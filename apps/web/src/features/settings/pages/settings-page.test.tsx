import { MESSAGES } from "@neonlab/shared/messages";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearAuthToken, writeAuthToken } from "../../../lib/auth-token.ts";
import { type FetchCall, mockFetch, renderAuth, testProfile } from "../../auth/testing/render-auth.tsx";
import { SettingsPage } from "./settings-page.tsx";

beforeEach(() => writeAuthToken("tok-settings"));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearAuthToken();
});

const put = (call: FetchCall) => ({ body: { ...testProfile, ...(call.body as object) } });

describe("SettingsPage", { timeout: 20_000 }, () => {
  it("saves a profile field and shows the spec toast", async () => {
    const calls = mockFetch({ "GET /api/profile": { body: testProfile }, "PUT /api/profile": put });
    const user = userEvent.setup();
    renderAuth(<SettingsPage />, { path: "/settings" });
    const name = await screen.findByLabelText(/^Display name/);
    await user.clear(name);
    await user.type(name, "Grace Hopper");
    await user.click(screen.getByRole("button", { name: "Save Profile" }));
    expect(await screen.findByText(MESSAGES.profileUpdated)).toBeTruthy();
    const body = calls.find((c) => c.method === "PUT")?.body as Record<string, unknown>;
    expect(body.display_name).toBe("Grace Hopper");
    expect(body).not.toHaveProperty("role");
  });

  it("refuses a bad username before calling the server", async () => {
    const calls = mockFetch({ "GET /api/profile": { body: testProfile } });
    const user = userEvent.setup();
    renderAuth(<SettingsPage />, { path: "/settings?tab=profile" });
    const username = await screen.findByLabelText(/^Username/);
    await user.clear(username);
    await user.type(username, "No Spaces!");
    await user.click(screen.getByRole("button", { name: "Save Profile" }));
    expect(await screen.findByText(/Username may contain only/)).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("saves editor preferences from the editor tab", async () => {
    const calls = mockFetch({ "GET /api/profile": { body: testProfile }, "PUT /api/profile": put });
    const user = userEvent.setup();
    renderAuth(<SettingsPage />, { path: "/settings?tab=editor" });
    const size = await screen.findByLabelText(/Code Editor Font Size/);
    await user.clear(size);
    await user.type(size, "18");
    await user.click(screen.getByRole("button", { name: "Save Preferences" }));
    expect(await screen.findByText(MESSAGES.editorPreferencesUpdated)).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      editor_preferences: { theme: "cyberpunk", fontFamily: "Roboto", fontSize: 18, lineHeight: 20 },
    });
  });

  it("deletes the account after confirmation and signs out", async () => {
    const calls = mockFetch({
      "GET /api/profile": { body: testProfile },
      "DELETE /api/users": { body: { message: MESSAGES.accountDeleted } },
      "POST /api/auth/sign-out": { body: { success: true } },
    });
    const user = userEvent.setup();
    renderAuth(<SettingsPage />, { path: "/settings?tab=account" });
    await user.click(await screen.findByRole("button", { name: "Delete Account" }));
    await user.click(await screen.findByRole("button", { name: "Yes" }, { timeout: 3000 }));
    expect(await screen.findByText(MESSAGES.accountDeleted)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/users")).toBe(true);
  });

  it("shows the spec's failure toast when deletion fails", async () => {
    mockFetch({
      "GET /api/profile": { body: testProfile },
      "DELETE /api/users": { status: 500, body: { statusCode: 500, statusMessage: "Error", message: "boom" } },
    });
    const user = userEvent.setup();
    renderAuth(<SettingsPage />, { path: "/settings?tab=account" });
    await user.click(await screen.findByRole("button", { name: "Delete Account" }));
    await user.click(await screen.findByRole("button", { name: "Yes" }, { timeout: 3000 }));
    expect(await screen.findByText(MESSAGES.accountDeleteFailed)).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/settings?tab=account");
  });
});
