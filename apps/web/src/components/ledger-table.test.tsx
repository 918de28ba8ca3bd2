import { type LedgerEntry, type LedgerPage, ledgerPageSchema } from "@neonlab/shared/schemas/ledger";
import { ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearAuthToken, writeAuthToken } from "../lib/auth-token.ts";
import { testProfile } from "../test/fixtures.ts";
import { mockError, mockGet, type RecordedRequest } from "../test/http.ts";
import { renderApp } from "../test/render-app.tsx";
import { LedgerTable } from "./ledger-table.tsx";

const entry = (id: number, kind: LedgerEntry["kind"], amount: number, description: string): LedgerEntry => ({
  id,
  kind,
  amount,
  description,
  reason: "test",
  date: `2025-01-0${(id % 9) + 1}T10:00:00.000Z`,
});
const ALL = [
  entry(9, "xp", 10, "Completed lesson: Paths"),
  entry(8, "neonbits", -150, "Bought Streak Freeze"),
  entry(7, "streak", 1, "Streak extended"),
  entry(6, "neonbits", 20, "Completed chapter: Shell"),
];

/** The ledger as the server pages it: `limit` a page, `kind` filtered, `before` the id of the previous page's last row. */
function serve(request: RecordedRequest, entries = ALL, neonbits = 120): LedgerPage {
  const kind = request.query.get("kind");
  const limit = Number(request.query.get("limit"));
  const before = request.query.get("before");
  const after = before ? Number(before.split("-")[1]) : Number.POSITIVE_INFINITY;
  const rows = entries.filter((e) => (!kind || e.kind === kind) && e.id < after);
  const page = rows.slice(0, 2);
  expect(limit).toBe(20);
  return { neonbits, entries: page, next: rows.length > 2 ? `1700000000000000-${page[1]!.id}` : null };
}

beforeEach(() => {
  writeAuthToken("tok-ledger");
  mockGet("/api/profile", ownProfileSchema, testProfile);
});
afterEach(() => {
  cleanup();
  clearAuthToken();
});

const rows = () => screen.getAllByRole("row").slice(1);

describe("LedgerTable", { timeout: 20_000 }, () => {
  it("lists every kind with signed amounts, loads older pages, and filters by kind on the server", async () => {
    const requests = mockGet("/api/users/ledger", ledgerPageSchema, (request) => serve(request));
    const user = userEvent.setup();
    renderApp(<LedgerTable title="History" loadingLabel="Loading the history" emptyText="Nothing yet." />);
    expect(screen.getByRole("status", { name: "Loading the history" })).toBeTruthy();
    expect(await screen.findByText("Completed lesson: Paths")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "History" })).toBeTruthy();
    expect(rows().map((row) => within(row).getAllByRole("cell")[2]!.textContent)).toEqual(["+10 XP", "−150 NeonBits"]);
    expect(screen.queryByText(/Balance:/)).toBeNull();

    const older = screen.getByRole("button", { name: "Show older changes" });
    older.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(requests.at(-1)!.query.get("before")).toBe("1700000000000000-8");
    expect(rows()[3]!.getAttribute("data-ledger-entry")).toBe("neonbits");
    // The last page took the button away: the keyboard focus stays in the list.
    expect(screen.queryByRole("button", { name: "Show older changes" })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("region", { name: "Changes, newest first" })),
    );

    await user.click(screen.getByRole("radio", { name: "Streak" }));
    expect(await screen.findByText("Streak extended")).toBeTruthy();
    expect(requests.at(-1)!.query.get("kind")).toBe("streak");
    expect(rows()).toHaveLength(1);
    expect(rows()[0]!.textContent).toContain("+1 day");
  });

  it("says when nothing of a kind is there yet, and what an empty ledger means", async () => {
    mockGet("/api/users/ledger", ledgerPageSchema, (request) => serve(request, []));
    const user = userEvent.setup();
    renderApp(<LedgerTable title="History" loadingLabel="Loading the history" emptyText="Nothing yet." />);
    expect(await screen.findByText("Nothing yet.")).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: "XP" }));
    expect(await screen.findByText("No entries of this kind yet.")).toBeTruthy();
  });

  it("shows one kind without a filter, with the NeonBits balance", async () => {
    const requests = mockGet("/api/users/ledger", ledgerPageSchema, (request) => serve(request));
    renderApp(
      <LedgerTable kind="neonbits" showBalance loadingLabel="Loading your NeonBits" emptyText="No NeonBits yet." />,
    );
    expect(await screen.findByText("Bought Streak Freeze")).toBeTruthy();
    expect(requests[0]!.query.get("kind")).toBe("neonbits");
    expect(screen.queryByRole("radiogroup")).toBeNull();
    expect(screen.getByText("120 NeonBits").getAttribute("data-ledger-balance")).toBe("120");
    expect(rows().map((row) => row.getAttribute("data-ledger-entry"))).toEqual(["neonbits", "neonbits"]);
    expect(rows()[1]!.querySelector("[data-amount]")!.getAttribute("data-amount")).toBe("20");
  });

  it("shows the error with a way to try again", async () => {
    mockError("GET", "/api/users/ledger", 503, {
      statusCode: 503,
      statusMessage: "Service Unavailable",
      message: "The database does not answer.",
    });
    renderApp(<LedgerTable kind="neonbits" showBalance loadingLabel="Loading" emptyText="No NeonBits yet." />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The database does not answer.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
