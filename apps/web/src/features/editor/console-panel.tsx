import { Button, Group, ScrollArea, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import classes from "./editor.module.css";
import type { ConsoleEntry } from "./types.ts";

/** The previewed page's console output and errors, newest last; announced politely to screen readers. */
export function ConsolePanel({
  entries,
  onClear,
  height = 140,
}: {
  entries: ConsoleEntry[];
  onClear(): void;
  height?: number;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  // The log scrolls itself to its newest line; scrollIntoView would also scroll the page (on a phone, on load,
  // down to the console below the editor and the preview).
  useEffect(() => {
    const log = viewport.current;
    if (entries.length > 0 && log) log.scrollTop = log.scrollHeight;
  }, [entries.length]);
  const errors = entries.filter((e) => e.level === "error").length;
  return (
    <section aria-label="Console">
      <Group justify="space-between" px="sm" py={4}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          Console {errors > 0 && `· ${errors} error${errors === 1 ? "" : "s"}`}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={onClear} disabled={entries.length === 0}>
          Clear
        </Button>
      </Group>
      {/* The viewport scrolls once the log outgrows it: a keyboard stop (axe scrollable-region-focusable),
          and the log that announces new lines. */}
      <ScrollArea
        h={height}
        type="auto"
        viewportRef={viewport}
        viewportProps={{ tabIndex: 0, role: "log", "aria-label": "Console output" }}
      >
        <ol className={classes.console}>
          {entries.length === 0 && (
            <li>
              <Text size="xs" c="dimmed" component="span">
                Nothing logged yet: console.log in your script shows up here.
              </Text>
            </li>
          )}
          {entries.map((entry, i) => (
            <li key={`${entry.at}-${i}`} data-level={entry.level}>
              {entry.text}
            </li>
          ))}
        </ol>
      </ScrollArea>
    </section>
  );
}
