import { subscriptionAnswerSchema } from "@neonlab/shared/schemas/payments";
import { ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { testProfile } from "../../../test/fixtures.ts";
import { mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { SubscriptionSuccessPage } from "./subscription-success-page.tsx";

afterEach(cleanup);

const active = {
  has_access: true,
  subscription: {
    id: "sub_1",
    price_id: "price_pro_monthly",
    interval: "month" as const,
    amount: 999,
    currency: "usd",
    status: "active" as const,
    cancel_at_period_end: false,
    current_period_end: "2026-12-25T00:00:00.000Z",
  },
};

describe("SubscriptionSuccessPage", { timeout: 20_000 }, () => {
  it("waits while the server has no subscription, and says Pro is active only once it does", async () => {
    mockGet("/api/profile", ownProfileSchema, testProfile);
    let answers = 0;
    // The provider's event reaches the server between the first and the second question.
    const asked = mockGet("/api/stripe/subscription", subscriptionAnswerSchema, () =>
      answers++ === 0 ? { has_access: false, subscription: null } : active,
    );
    renderApp(<SubscriptionSuccessPage />, { path: "/payment/subscription/success?session_id=cs_1" });
    expect(await screen.findByRole("heading", { name: "Confirming your payment…" })).toBeTruthy();
    expect(screen.queryByText("Pro is active")).toBeNull();
    expect(await screen.findByRole("heading", { name: "Pro is active" }, { timeout: 5000 })).toBeTruthy();
    expect(asked.length).toBeGreaterThanOrEqual(2);
  });
});
