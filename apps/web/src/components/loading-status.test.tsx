import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CardGridSkeleton } from "./card-grid-skeleton.tsx";
import { renderWithMantine } from "./test-utils.tsx";

afterEach(cleanup);

const SOURCE = join(import.meta.dirname, "..");
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith(".tsx") && !entry.name.endsWith(".test.tsx")
        ? [join(dir, entry.name)]
        : [],
  );

describe("loading placeholders", () => {
  it("are announced as a named, busy status", () => {
    renderWithMantine(<CardGridSkeleton label="Loading courses" cardHeight={380} />);
    expect(screen.getByRole("status", { name: "Loading courses" }).getAttribute("aria-busy")).toBe("true");
  });

  // axe (e2e) only sees a placeholder when it runs while the page loads, so a bare aria-label on a layout element
  // failed at random (aria-prohibited-attr); this finds one in the source every time.
  it("never put a name on a layout element without a role", () => {
    const opening = /<(Skeleton|Stack|SimpleGrid|Group|Box|Paper|div|span)\b((?:[^>]|=>)*)>/g;
    const offenders = sources(SOURCE).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(opening)]
        .filter(([, , attributes = ""]) => /\baria-label=/.test(attributes) && !/\b(role|component)=/.test(attributes))
        .map(([tag]) => `${relative(SOURCE, file)}: ${tag.slice(0, 80)}`),
    );
    expect(offenders).toEqual([]);
  });
});
