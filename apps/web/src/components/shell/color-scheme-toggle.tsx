import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { IconMoonStars, IconSun } from "@tabler/icons-react";
import { useEffect } from "react";
import { PAGE_BACKGROUND } from "../../lib/color-scheme.ts";
import { useHydrated } from "../../lib/hydrated.tsx";

/** Dark/light switch; Mantine stores the choice under the key public/color-scheme.js reads before paint. */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("dark", { getInitialValueInEffect: false });
  // The prerendered pages are built in dark mode; light mode takes over once the page is hydrated.
  const hydrated = useHydrated();
  const scheme = hydrated ? computed : "dark";
  const next = scheme === "dark" ? "light" : "dark";

  useEffect(() => {
    // index.html's head script painted the saved mode already: the build's dark markup must not repaint the
    // page dark while it hydrates, and writing the same mode again restyles the whole page for nothing.
    if (!hydrated) return;
    const root = document.documentElement;
    if (root.style.colorScheme !== scheme) {
      root.style.colorScheme = scheme;
      root.style.background = PAGE_BACKGROUND[scheme];
    }
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", PAGE_BACKGROUND[scheme]);
  }, [hydrated, scheme]);

  const label = `Switch to ${next} mode`;
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      data-testid="color-scheme-toggle"
      data-scheme={scheme}
      onClick={() => setColorScheme(next)}
    >
      {scheme === "dark" ? <IconSun size={18} /> : <IconMoonStars size={18} />}
    </ActionIcon>
  );
}
