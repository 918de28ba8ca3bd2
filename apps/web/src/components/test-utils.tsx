import { MantineProvider } from "@mantine/core";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";

/** Renders inside Mantine in test mode (no transitions, no portals). */
export function renderWithMantine(ui: ReactNode) {
  return render(
    <MantineProvider env="test" defaultColorScheme="dark">
      {ui}
    </MantineProvider>,
  );
}
