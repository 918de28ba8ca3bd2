import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RateStars } from "./star-rating.tsx";
import { renderWithMantine } from "./test-utils.tsx";

afterEach(cleanup);

describe("RateStars", () => {
  it("gives each star a target of at least 24 × 24 px, labelled and usable from the keyboard", async () => {
    const rate = vi.fn();
    renderWithMantine(<RateStars noun="course" mine={null} rate={rate} marker={{ "data-rate-course": 1 }} />);
    const group = screen.getByRole("radiogroup", { name: "Rate this course" });
    // Each star's label (the pointer target) is var(--rating-size) square: Rating.css.
    expect(group.style.getPropertyValue("--rating-size")).toBe("calc(1.5rem * var(--mantine-scale))");
    const stars = screen.getAllByRole("radio", { name: /stars?$/ });
    expect(stars.map((star) => star.getAttribute("aria-label"))).toEqual([
      "0 stars",
      "1 star",
      "2 stars",
      "3 stars",
      "4 stars",
      "5 stars",
    ]);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement?.getAttribute("type")).toBe("radio");
    stars[3]?.focus();
    await user.keyboard(" ");
    expect(rate).toHaveBeenLastCalledWith(3, expect.anything());
  });
});
