import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../test/render-app.tsx";
import { ConfirmEmailDialogOnOpen } from "./confirm-email-dialog-on-open.tsx";

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("./confirm-email-dialog.tsx", async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

afterEach(cleanup);

function Page() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Sign in
      </button>
      <ConfirmEmailDialogOnOpen opened={opened} email="ada@example.test" onClose={() => setOpened(false)} />
    </>
  );
}

describe("Confirm your email dialog on the sign-in and sign-up pages", () => {
  it("loads the dialog's code only when it first opens, and closes", async () => {
    renderApp(<Page />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads.count).toBe(0);

    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm your email" });
    expect(loads.count).toBe(1);

    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Confirm your email" })).toBeNull());
    expect(dialog.isConnected).toBe(false);
  });
});
