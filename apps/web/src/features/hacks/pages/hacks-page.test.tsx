import { HACK_DEFAULT_FILES, hackPageSchema, hackSchema } from "@neonlab/shared/schemas/hacks";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { mockApi, mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { HacksPage } from "./hacks-page.tsx";

afterEach(cleanup);

const at = "2026-11-25T20:00:00.000Z";
const empty = { items: [], page: 1, pages: 1, total: 0 };

describe("HacksPage: New hack", { timeout: 30_000 }, () => {
  it("asks for a title first (required) and creates the hack with it", async () => {
    mockGet("/api/hacks", hackPageSchema, empty);
    mockGet("/api/hacks/explore", hackPageSchema, empty);
    const created = mockApi("POST", "/api/hacks", hackSchema, (request) => ({
      id: 7,
      title: (request.body as { title: string }).title,
      slug: "neon-clock",
      listed: false,
      has_environment: false,
      owner: { username: "ada", display_name: "Ada", avatar: null },
      file_names: HACK_DEFAULT_FILES.map((f) => f.name),
      created_at: at,
      updated_at: at,
      files: HACK_DEFAULT_FILES,
      forked_from: null,
      can_edit: true,
      live_url: null,
      card_url: "/api/hacks/7/card.png",
    }));
    const user = userEvent.setup();
    renderApp(<HacksPage />, { path: "/hacks" });
    await user.click(await screen.findByRole("button", { name: "New hack" }));
    const dialog = await screen.findByRole("dialog", { name: "New hack" }, { timeout: 5000 });
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByText("The title is required")).toBeTruthy();
    expect(created).toHaveLength(0);
    await user.type(within(dialog).getByRole("textbox", { name: /^Title/ }), "  Neon clock ");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/hack/ada/neon-clock"));
    expect(created.map((request) => request.body)).toEqual([{ title: "Neon clock" }]);
  });
});
