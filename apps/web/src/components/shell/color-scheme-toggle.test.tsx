import { MantineProvider } from "@mantine/core";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COLOR_SCHEME_KEY, colorSchemeManager, PAGE_BACKGROUND } from "../../lib/color-scheme.ts";
import { startHydrating } from "../../lib/hydrated.tsx";
import { ColorSchemeToggle } from "./color-scheme-toggle.tsx";

// index.html's head script paints the saved mode before the app loads; the toggle takes it over as it is.

const root = document.documentElement;
let styles: string[] = [];
let observer: MutationObserver;

const themeColor = () => document.querySelector('meta[name="theme-color"]')?.getAttribute("content");
const cssColor = (hex: string) => {
  const probe = document.createElement("i");
  probe.style.background = hex;
  return probe.style.background;
};

function renderToggle() {
  return render(
    <MantineProvider colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
      <ColorSchemeToggle />
    </MantineProvider>,
  );
}

beforeEach(() => {
  // What the head script leaves for a reader who chose light mode.
  localStorage.setItem(COLOR_SCHEME_KEY, "light");
  root.style.colorScheme = "light";
  root.style.background = PAGE_BACKGROUND.light;
  // index.html's, with the build's (dark) colour.
  const themeColor = document.createElement("meta");
  themeColor.name = "theme-color";
  themeColor.content = PAGE_BACKGROUND.dark;
  document.head.append(themeColor);
  styles = [];
  observer = new MutationObserver((records) => {
    for (const record of records) styles.push(String(record.oldValue));
  });
  observer.observe(root, { attributes: true, attributeFilter: ["style"], attributeOldValue: true });
});

afterEach(() => {
  cleanup();
  observer.disconnect();
  localStorage.clear();
  root.removeAttribute("style");
  document.querySelector('meta[name="theme-color"]')?.remove();
});

describe("ColorSchemeToggle", () => {
  it("hydrating a prerendered (dark) page in light mode never restyles the page", async () => {
    startHydrating();
    renderToggle();
    expect((await screen.findByRole("button", { name: "Switch to dark mode" })).dataset.scheme).toBe("light");
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Neither a dark frame while hydrating nor a second write of the same mode.
    expect(styles).toEqual([]);
    expect(root.style.colorScheme).toBe("light");
    expect(themeColor()).toBe(PAGE_BACKGROUND.light);
  });

  it("switching paints the page in the other mode", async () => {
    renderToggle();
    await userEvent.click(await screen.findByRole("button", { name: "Switch to dark mode" }));
    expect(await screen.findByRole("button", { name: "Switch to light mode" })).toBeTruthy();
    expect(root.style.colorScheme).toBe("dark");
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe("dark");
    expect(root.style.background).toBe(cssColor(PAGE_BACKGROUND.dark));
    expect(themeColor()).toBe(PAGE_BACKGROUND.dark);
  });
});
