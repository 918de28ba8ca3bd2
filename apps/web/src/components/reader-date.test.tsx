import { cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startHydrating } from "../lib/hydrated.tsx";
import { ReaderDate } from "./reader-date.tsx";

function readerLanguages(languages: string[]) {
  Object.defineProperty(navigator, "languages", { configurable: true, get: () => languages });
}

afterEach(() => {
  cleanup();
  readerLanguages(["en-US"]);
});

describe("ReaderDate", () => {
  it("shows the day in the reader's own format once the page is live", async () => {
    readerLanguages(["de-DE"]);
    render(<ReaderDate value="2026-03-04T12:00:00.000Z" />);
    const time = await screen.findByText("04.03.2026");
    expect(time.tagName).toBe("TIME");
    expect(time.getAttribute("datetime")).toBe("2026-03-04T12:00:00.000Z");
  });

  it("keeps the page's fixed format while hydrating, then switches to the reader's", async () => {
    readerLanguages(["de-DE"]);
    startHydrating();
    // The render hydration compares with the server's markup prints the page's format…
    expect(renderToString(<ReaderDate value="2026-03-04T12:00:00.000Z" />)).toContain("Mar 4, 2026");
    // …and the effect after it moves to the reader's.
    render(<ReaderDate value="2026-03-04T12:00:00.000Z" />);
    expect(await screen.findByText("04.03.2026")).toBeTruthy();
  });

  it("prints the same day while hydrating whatever the time zone of the server or the browser", async () => {
    const zone = process.env.TZ;
    try {
      const printed: string[] = [];
      for (const timeZone of ["UTC", "America/Los_Angeles", "Pacific/Kiritimati"]) {
        // Each a fresh module, as in a server and a browser of that zone.
        process.env.TZ = timeZone;
        vi.resetModules();
        const hydrated = await import("../lib/hydrated.tsx");
        const { ReaderDate: Fresh } = await import("./reader-date.tsx");
        hydrated.startHydrating();
        printed.push(renderToString(<Fresh value="2026-03-04T02:00:00.000Z" />));
      }
      expect(printed[0]).toContain("Mar 4, 2026");
      expect(new Set(printed).size).toBe(1);
    } finally {
      // Assigning undefined would set the text "undefined".
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("prints nothing for a bad date", () => {
    const { container } = render(<ReaderDate value="not a date" />);
    expect(container.textContent).toBe("");
  });
});
