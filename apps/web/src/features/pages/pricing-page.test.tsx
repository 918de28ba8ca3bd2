import { currencyProductSchema, subscriptionProductSchema } from "@neonlab/shared/schemas/payments";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockGet } from "../../test/http.ts";
import { renderApp } from "../../test/render-app.tsx";
import { PricingPage } from "./pricing-page.tsx";

afterEach(() => vi.restoreAllMocks());

describe("/pricing", () => {
  it("prints the provider's prices and packs without Intl's number format (its first use is a long task)", async () => {
    mockGet("/api/stripe/subscription-product", subscriptionProductSchema, {
      id: "pro",
      name: "NeonLab Pro",
      description: "Everything.",
      features: ["Every premium course and lesson"],
      prices: [
        { id: "month", interval: "month", amount: 999, currency: "usd", monthly_amount: 999, saving_percent: 0 },
        { id: "year", interval: "year", amount: 9588, currency: "usd", monthly_amount: 799, saving_percent: 20 },
      ],
    });
    mockGet("/api/stripe/currency-product", currencyProductSchema, {
      id: "neonbits",
      name: "NeonBits",
      description: "For the shop.",
      prices: [{ id: "pack-1200", neonbits: 1200, amount: 1099, currency: "usd" }],
    });
    const RealNumberFormat = Intl.NumberFormat;
    const numberFormat = vi
      .spyOn(Intl, "NumberFormat")
      .mockImplementation(
        ((...args: ConstructorParameters<typeof Intl.NumberFormat>) =>
          new RealNumberFormat(...args)) as typeof Intl.NumberFormat,
      );
    renderApp(<PricingPage />, { path: "/pricing" });

    expect(await screen.findByText("$9.99")).toBeTruthy();
    expect(screen.getByText("$95.88")).toBeTruthy();
    expect(screen.getByText("$7.99 a month, billed once a year.")).toBeTruthy();
    expect(await screen.findByText("1,200 NeonBits")).toBeTruthy();
    expect(screen.getByText(/\$10\.99 ·/)).toBeTruthy();
    expect(numberFormat).not.toHaveBeenCalled();
  });
});
