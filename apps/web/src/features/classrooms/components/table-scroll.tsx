import type { ReactNode } from "react";
import classes from "./classrooms.module.css";

/** A table that may scroll sideways on a phone: a region the keyboard can reach and scroll. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      className={classes.tableWrap}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
      tabIndex={0}
    >
      {children}
    </section>
  );
}
