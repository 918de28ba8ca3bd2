import { afterEach, describe, expect, it, vi } from "vitest";
import { whenPresent } from "./show-section.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("whenPresent", () => {
  it("shows a target already on the page at once", () => {
    document.body.innerHTML = `<h2 id="your-reports">Your reports</h2>`;
    const show = vi.fn();
    whenPresent("#your-reports", show);
    expect(show).toHaveBeenCalledWith(document.getElementById("your-reports"));
  });

  it("waits for a target that its page renders later, then shows it once", async () => {
    const show = vi.fn();
    whenPresent("#review-queue", show);
    expect(show).not.toHaveBeenCalled();
    const heading = document.createElement("h2");
    heading.id = "review-queue";
    document.body.append(heading);
    await vi.waitFor(() => expect(show).toHaveBeenCalledWith(heading));
    document.body.append(document.createElement("p"));
    await new Promise((r) => setTimeout(r, 0));
    expect(show).toHaveBeenCalledTimes(1);
  });

  it("stops waiting when cleaned up", async () => {
    const show = vi.fn();
    const stop = whenPresent("#later", show);
    stop();
    document.body.innerHTML = `<h2 id="later">Later</h2>`;
    await new Promise((r) => setTimeout(r, 0));
    expect(show).not.toHaveBeenCalled();
  });
});
