import { Indicator, MantineProvider } from "@mantine/core";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { theme } from "./theme.ts";

afterEach(cleanup);

describe("theme", () => {
  it("writes a badge's count in the mode's on-accent colour (white on the dark mode's #ff2bd6 was 3.2:1)", () => {
    const { container } = render(
      <MantineProvider theme={theme}>
        <Indicator label="2" color="magenta" data-badge>
          <span>bell</span>
        </Indicator>
      </MantineProvider>,
    );
    const root = container.querySelector("[data-badge]") as HTMLElement;
    expect(root.style.getPropertyValue("--indicator-text-color")).toBe("var(--nl-on-accent)");
  });
});
