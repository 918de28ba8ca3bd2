import { notifications } from "@mantine/notifications";
import { ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { buyShopItemResultSchema, type ShopState, shopStateSchema } from "@neonlab/shared/schemas/shop";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearAuthToken, writeAuthToken } from "../../../lib/auth-token.ts";
import { testProfile } from "../../../test/fixtures.ts";
import { mockApi, mockError, mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { ShopPage } from "./shop-page.tsx";

const state: ShopState = {
  balance: 300,
  items: [
    {
      id: "streak_freeze",
      name: "Streak Freeze",
      description: "Covers a day.",
      price: 150,
      effect: "streak_freeze",
      quantity: 1,
    },
    {
      id: "xp_boost_1h",
      name: "XP Boost (1 hour)",
      description: "Doubles XP.",
      price: 250,
      effect: "xp_boost",
      quantity: 60,
    },
    {
      id: "streak_freeze_x3",
      name: "Streak Freeze x3",
      description: "Three.",
      price: 400,
      effect: "streak_freeze",
      quantity: 3,
    },
  ],
  freezes: { owned: 1, on: false },
  boost: null,
};

beforeEach(() => {
  writeAuthToken("tok-shop");
  mockGet("/api/profile", ownProfileSchema, testProfile);
  mockGet("/api/users/shop", shopStateSchema, state);
  // The payments module is not there: the packs answer 404.
  mockError("GET", "/api/stripe/currency-product", 404, {
    statusCode: 404,
    statusMessage: "Not Found",
    message: "Not found.",
  });
});
afterEach(() => {
  notifications.clean();
  cleanup();
  clearAuthToken();
});

async function buy(label: string) {
  const user = userEvent.setup();
  renderApp(<ShopPage />, { path: "/shop" });
  await user.click(await screen.findByRole("button", { name: label }));
  const dialog = await screen.findByRole("dialog", {}, { timeout: 5000 });
  return { user, dialog };
}

describe("ShopPage", { timeout: 20_000 }, () => {
  it("shows the items, the balance, owned freezes, and packs as unavailable when their call fails", async () => {
    renderApp(<ShopPage />, { path: "/shop" });
    expect(await screen.findByText("300 NeonBits")).toBeTruthy();
    expect(screen.getAllByText("You own 1 freeze")).toHaveLength(2);
    expect(screen.getByText("Not active")).toBeTruthy();
    expect(await screen.findByText("NeonBits packs can not be bought right now.")).toBeTruthy();
  });

  it("asks first, then buys with {item} and shows the new state", async () => {
    const purchases = mockApi("POST", "/api/users/buy-shop-item", buyShopItemResultSchema, {
      ...state,
      balance: 150,
      freezes: { owned: 2, on: false },
      message: "You bought Streak Freeze: 1 streak freeze added.",
      purchaseId: 7,
    });
    const { user, dialog } = await buy("Buy for 150 NeonBits: Streak Freeze");
    expect(dialog.textContent).toContain("Spend 150 of your 300 NeonBits on Streak Freeze?");
    expect(purchases).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Buy" }));
    expect(await screen.findByText("You bought Streak Freeze: 1 streak freeze added.")).toBeTruthy();
    expect(purchases.map((p) => p.body)).toEqual([{ item: "streak_freeze" }]);
    expect(purchases[0]?.headers.get("idempotency-key")).toBeTruthy();
    expect(await screen.findByText("150 NeonBits")).toBeTruthy();
  });

  it("buys nothing when the dialog is cancelled", async () => {
    const purchases = mockApi("POST", "/api/users/buy-shop-item", buyShopItemResultSchema, {
      ...state,
      message: "",
      purchaseId: 1,
    });
    const { user, dialog } = await buy("Buy for 250 NeonBits: XP Boost (1 hour)");
    await user.click(within(dialog).getByRole("button", { name: "No" }));
    expect(purchases).toHaveLength(0);
  });

  it("offers no purchase it can not pay for: the button says how many more are needed, beside the packs", async () => {
    const purchases = mockApi("POST", "/api/users/buy-shop-item", buyShopItemResultSchema, {
      ...state,
      message: "",
      purchaseId: 1,
    });
    const user = userEvent.setup();
    renderApp(<ShopPage />, { path: "/shop" });
    const short = await screen.findByRole("button", { name: "Streak Freeze x3: you need 100 more NeonBits" });
    expect(short.textContent).toBe("Need 100 more NeonBits");
    expect(short.hasAttribute("disabled")).toBe(true);
    const card = short.closest("article") as HTMLElement;
    expect(within(card).getByRole("link", { name: "Get NeonBits" }).getAttribute("href")).toBe("#packs");
    await user.click(short).catch(() => {});
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(purchases).toHaveLength(0);
    // What the balance pays for stays on offer.
    expect(screen.getByRole("button", { name: "Buy for 250 NeonBits: XP Boost (1 hour)" })).toBeTruthy();
  });

  it("says a 409 in place with a link to the packs (the one retry carries the same key)", async () => {
    // The balance was spent elsewhere meanwhile: the page still showed enough.
    const message =
      "Not enough NeonBits: Streak Freeze costs 150 NeonBits and you have 100. Get more NeonBits with a pack.";
    const attempts = mockError("POST", "/api/users/buy-shop-item", 409, {
      statusCode: 409,
      statusMessage: "Conflict",
      message,
    });
    const { user, dialog } = await buy("Buy for 150 NeonBits: Streak Freeze");
    await user.click(within(dialog).getByRole("button", { name: "Buy" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(message);
    expect(within(alert).getByRole("link", { name: "Get more NeonBits" }).getAttribute("href")).toBe("#packs");
    expect(attempts).toHaveLength(2);
    expect(attempts[1]?.headers.get("idempotency-key")).toBe(attempts[0]?.headers.get("idempotency-key"));
  });
});
