import { notifications } from "@mantine/notifications";
import { MESSAGES } from "@neonlab/shared/messages";
import {
  connectionActionResultSchema,
  type UserSearchResult,
  userSearchPageSchema,
} from "@neonlab/shared/schemas/community";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { mockApi, mockError, mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { FindPeople } from "./find-people.tsx";

afterEach(() => {
  notifications.clean();
  cleanup();
});

const person = (n: number, relationship: UserSearchResult["relationship"]): UserSearchResult => ({
  id: `8d0c9f1e-3b8a-4a57-9d1c-2f6e5b4a3c${String(n).padStart(2, "0")}`,
  username: `ada-${n}`,
  display_name: `Ada ${n}`,
  avatar: null,
  xp: 1200 + n,
  relationship,
});

describe("Find people", { timeout: 20_000 }, () => {
  it("searches from 2 characters, links each person to their profile and says how you stand with them", async () => {
    const searches = mockGet("/api/users/search", userSearchPageSchema, {
      items: [
        person(1, "none"),
        person(2, "outgoing"),
        person(3, "incoming"),
        person(4, "connected"),
        person(5, "self"),
      ],
      next: null,
    });
    const user = userEvent.setup();
    renderApp(<FindPeople />);
    const box = screen.getByRole("searchbox", { name: /Name or username/ });
    await user.type(box, "@");
    await user.type(box, "a");
    await new Promise((r) => setTimeout(r, 400));
    expect(searches).toEqual([]);
    await user.type(box, "d");
    expect(await screen.findByText("5 people found")).toBeTruthy();
    expect(searches.map((s) => s.query.get("q"))).toEqual(["@ad"]);
    const list = screen.getByRole("list", { name: "People found" });
    expect(within(list).getByRole("link", { name: "Ada 1" }).getAttribute("href")).toBe("/profile/ada-1");
    expect(within(list).getByText("@ada-1 · 1,201 XP")).toBeTruthy();
    const row = (n: number) => list.querySelector<HTMLElement>(`[data-found="ada-${n}"]`)!;
    expect(within(row(1)).getByRole("button", { name: "Connect with Ada 1" })).toBeTruthy();
    expect(within(row(2)).getByText("Pending")).toBeTruthy();
    expect(within(row(3)).getByRole("button", { name: "Accept Ada 3's request" })).toBeTruthy();
    expect(within(row(4)).getByText("Connected")).toBeTruthy();
    expect(within(row(5)).getByText("You")).toBeTruthy();
  });

  it("Connect sends the spec's request call with its toast, and the row then says the request is sent", async () => {
    let sent = false;
    mockGet("/api/users/search", userSearchPageSchema, () => ({
      items: [person(1, sent ? "outgoing" : "none")],
      next: null,
    }));
    const requests = mockApi("POST", "/api/users/connections", connectionActionResultSchema, () => {
      sent = true;
      return { message: MESSAGES.connectionSent, relationship: "outgoing" as const };
    });
    const user = userEvent.setup();
    renderApp(<FindPeople />);
    await user.type(screen.getByRole("searchbox", { name: /Name or username/ }), "ada");
    await user.click(await screen.findByRole("button", { name: "Connect with Ada 1" }));
    expect((await screen.findAllByText(MESSAGES.connectionSent)).length).toBeGreaterThan(0);
    expect(requests[0]?.query.get("friendId")).toBe(person(1, "none").id);
    expect(await screen.findByText("Pending")).toBeTruthy();
  });

  it("shows more people page by page, says when nobody is found, and shows a refusal's message", async () => {
    const pages = mockGet("/api/users/search", userSearchPageSchema, (request) =>
      request.query.get("q") === "zz"
        ? { items: [], next: null }
        : request.query.get("before")
          ? { items: [person(21, "none")], next: null }
          : { items: Array.from({ length: 20 }, (_, i) => person(i + 1, "none")), next: "cursor-1" },
    );
    const user = userEvent.setup();
    renderApp(<FindPeople />);
    const box = screen.getByRole("searchbox", { name: /Name or username/ });
    await user.type(box, "ada");
    expect(await screen.findByText("20+ people found")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Show more people" }));
    expect(await screen.findByText("21 people found")).toBeTruthy();
    expect(pages.at(-1)?.query.get("before")).toBe("cursor-1");
    expect(screen.queryByRole("button", { name: "Show more people" })).toBeNull();

    await user.clear(box);
    await user.type(box, "zz");
    expect(await screen.findByText("Nobody's name or username starts with “zz”.")).toBeTruthy();

    mockError("GET", "/api/users/search", 429, {
      statusCode: 429,
      statusMessage: "Too Many Requests",
      message: "Too many attempts. Please wait 12 seconds and try again.",
    });
    await user.clear(box);
    await user.type(box, "grace");
    await waitFor(() => expect(screen.getByText(/Please wait 12 seconds/)).toBeTruthy());
  });
});
