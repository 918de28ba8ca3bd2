import { MantineProvider } from "@mantine/core";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConsolePanel } from "./console-panel.tsx";
import type { ConsoleEntry } from "./types.ts";

const jsdomScrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  cleanup();
  Element.prototype.scrollIntoView = jsdomScrollIntoView;
});

const line = (text: string, at: number): ConsoleEntry => ({ level: "log", text, at });

describe("ConsolePanel", () => {
  it("keeps its newest line in view by scrolling its own log, never the page", () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const panel = (entries: ConsoleEntry[]) => (
      <MantineProvider env="test">
        <ConsolePanel entries={entries} onClear={() => undefined} />
      </MantineProvider>
    );
    const { rerender } = render(panel([]));
    const log = screen.getByRole("log", { name: "Console output" });
    Object.defineProperty(log, "scrollHeight", { configurable: true, value: 480 });
    rerender(panel([line("first", 1), line("second", 2)]));
    expect(screen.getByText("second")).toBeTruthy();
    expect(log.scrollTop).toBe(480);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
