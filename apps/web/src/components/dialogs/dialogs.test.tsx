// Dialogs nothing in the app opens yet (a project's completion, sharing a hack) and the confirmation's
// variants, opened through their openers as the app will open them.
import { MESSAGES } from "@neonlab/shared/messages";
import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { openConfirmDialog, openProjectCompleteDialog, openShareHackDialog } from "./open-dialogs.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Renders the app's providers and calls `open`; `result` settles when the dialog closes. */
async function opened<T>(open: () => Promise<T>, name: string) {
  renderApp(<p>Page</p>);
  const opener: { result?: Promise<T> } = {};
  await act(async () => {
    opener.result = open();
  });
  const dialog = await screen.findByRole("dialog", { name }, { timeout: 5000 });
  return { dialog, result: opener.result as Promise<T> };
}

describe("dialogs without a way in yet", { timeout: 20_000 }, () => {
  it("project complete says 'project', with or without XP", async () => {
    const user = userEvent.setup();
    const { dialog, result } = await opened(() => openProjectCompleteDialog({ xp: 50 }), "Project complete");
    expect(within(dialog).getByText("Great work!")).toBeTruthy();
    expect(within(dialog).getByText("You've earned 50 XP for completing this project.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Sounds Good" }));
    await expect(result).resolves.toBeUndefined();
    cleanup();
    const again = await opened(() => openProjectCompleteDialog(), "Project complete");
    expect(within(again.dialog).getByText("You've completed this project.")).toBeTruthy();
  });

  it("share hack: read-only links, copy, share popups; only the code link without an environment", async () => {
    const user = userEvent.setup();
    const popup = vi.spyOn(window, "open").mockReturnValue(null);
    const input = { username: "ada", slug: "neon-rain", hasEnvironment: true };
    const { dialog } = await opened(() => openShareHackDialog(input), "Share Hack");
    const origin = window.location.origin;
    expect(within(dialog).getByText("Anyone with these links can view this project.")).toBeTruthy();
    const code = within(dialog).getByRole("textbox", { name: "Code" });
    expect(within(dialog).getByRole("textbox", { name: "Live site" })).toHaveProperty(
      "value",
      `${origin}/hack/ada/view/neon-rain`,
    );
    expect(code).toHaveProperty("value", `${origin}/hack/ada/neon-rain`);
    expect(code.hasAttribute("readonly")).toBe(true);

    await user.click(within(dialog).getByRole("button", { name: "Copy Code link" }));
    expect(await screen.findByText(MESSAGES.linkCopied)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${origin}/hack/ada/neon-rain`);

    await user.click(within(dialog).getByRole("button", { name: "Share on Reddit" }));
    await user.click(within(dialog).getByRole("button", { name: "Share on Email" }));
    const [reddit, email] = popup.mock.calls;
    expect(reddit?.[0]).toBe(
      `https://www.reddit.com/submit?url=${encodeURIComponent(`${origin}/hack/ada/view/neon-rain`)}&title=${encodeURIComponent("neon-rain by @ada on NeonLab")}`,
    );
    expect(reddit?.[1]).toBe("sharer");
    expect(reddit?.[2]).toMatch(/^width=500,height=500,left=-?\d+,top=-?\d+/);
    expect(email?.[0]).toMatch(/^mailto:\?subject=/);
    expect(email?.[1]).toBe("_blank");

    cleanup();
    const plain = await opened(
      () => openShareHackDialog({ ...input, slug: "plain", hasEnvironment: false }),
      "Share Hack",
    );
    expect(within(plain.dialog).getByRole("textbox", { name: "Code" })).toHaveProperty(
      "value",
      `${origin}/hack/ada/plain`,
    );
    expect(within(plain.dialog).queryByRole("textbox", { name: "Live site" })).toBeNull();
  });
});

describe("confirmation", { timeout: 20_000 }, () => {
  it("shows the message as sanitised HTML, No resolves with nothing and Yes with true", async () => {
    const user = userEvent.setup();
    const message = '<p>This <b>cannot</b> be undone.</p><img src="x" onerror="alert(1)"><script>alert(1)</script>';
    const first = await opened(() => openConfirmDialog({ title: "Delete the hack?", message }), "Delete the hack?");
    expect(first.dialog.querySelector("[data-confirm-message] b")?.textContent).toBe("cannot");
    expect(first.dialog.querySelector("[data-confirm-message]")?.innerHTML).toBe(
      "<p>This <b>cannot</b> be undone.</p>",
    );
    await user.click(within(first.dialog).getByRole("button", { name: "No" }));
    await expect(first.result).resolves.toBeUndefined();

    cleanup();
    const second = await opened(() => openConfirmDialog({ message: "Proceed?" }), "Please confirm");
    await user.click(within(second.dialog).getByRole("button", { name: "Yes" }));
    await expect(second.result).resolves.toBe(true);
  });

  it("can offer only its confirm button", async () => {
    const user = userEvent.setup();
    const { dialog, result } = await opened(
      () => openConfirmDialog({ message: "Only one way out", hideCancel: true, confirmLabel: "Got it" }),
      "Please confirm",
    );
    expect(within(dialog).queryByRole("button", { name: "No" })).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Got it" }));
    await expect(result).resolves.toBe(true);
  });
});
