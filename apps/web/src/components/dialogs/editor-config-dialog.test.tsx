import { MESSAGES } from "@neonlab/shared/messages";
import { ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearAuthToken, writeAuthToken } from "../../lib/auth-token.ts";
import { useSession } from "../../lib/session.tsx";
import { testProfile } from "../../test/fixtures.ts";
import { mockApi, mockGet, type RecordedRequest } from "../../test/http.ts";
import { renderApp } from "../../test/render-app.tsx";
import { openEditorConfigDialog } from "./open-dialogs.tsx";

const saved = { theme: "dracula", fontFamily: "Roboto", fontSize: 16, lineHeight: 24 } as const;

beforeEach(() => {
  writeAuthToken("tok-editor");
  mockGet("/api/profile", ownProfileSchema, { ...testProfile, editor_preferences: { ...saved, fontSize: 15 } });
});
afterEach(() => {
  cleanup();
  clearAuthToken();
});

function SignedInAs() {
  const { profile } = useSession();
  return <p>{profile ? `Signed in as ${profile.username}` : "Loading"}</p>;
}

/** Renders the app's providers, waits for the profile, and opens the dialog; `result` settles when it closes. */
async function openDialog() {
  renderApp(<SignedInAs />);
  await screen.findByText("Signed in as ada");
  let result: Promise<unknown> = Promise.resolve();
  await act(async () => {
    result = openEditorConfigDialog();
  });
  const dialog = await screen.findByRole("dialog", { name: "Editor Configuration" }, { timeout: 5000 });
  return { dialog, result };
}

describe("Editor Configuration dialog", { timeout: 20_000 }, () => {
  it("shows the saved preferences, has no close button, and Cancel resolves with nothing", async () => {
    const updates = mockApi("PUT", "/api/profile", ownProfileSchema, testProfile);
    const user = userEvent.setup();
    const { dialog, result } = await openDialog();
    expect(within(dialog).getByRole("spinbutton", { name: "Code Editor Font Size" })).toHaveProperty("value", "15");
    expect(within(dialog).getByRole("combobox", { name: "Code Editor Theme" })).toHaveProperty("value", "Dracula");
    expect(dialog.querySelector(".mantine-Modal-close")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await expect(result).resolves.toBeUndefined();
    expect(updates).toEqual([]);
  });

  it("requires a font size, then Update saves and resolves with the saved preferences", async () => {
    const updates = mockApi("PUT", "/api/profile", ownProfileSchema, (request: RecordedRequest) => ({
      ...testProfile,
      ...(request.body as object),
    }));
    const user = userEvent.setup();
    const { dialog, result } = await openDialog();
    const size = within(dialog).getByRole("spinbutton", { name: "Code Editor Font Size" });
    expect(size).toHaveProperty("value", "15");
    await user.clear(size);
    await user.tab();
    expect(await within(dialog).findByText("Font size is required")).toBeTruthy();
    const update = within(dialog).getByRole("button", { name: "Update" });
    expect(update).toHaveProperty("disabled", true);
    await user.type(size, "16");
    await waitFor(() => expect(update).toHaveProperty("disabled", false));
    await user.click(update);
    await expect(result).resolves.toEqual(saved);
    expect(updates.map((request) => request.body)).toEqual([{ editor_preferences: saved }]);
    expect(await screen.findByText(MESSAGES.editorPreferencesUpdated)).toBeTruthy();
  });
});
