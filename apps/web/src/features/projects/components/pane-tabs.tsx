import { type KeyboardEvent, useId, useRef } from "react";
import classes from "./projects.module.css";

export const PANES = [
  { key: "steps", label: "Steps" },
  { key: "code", label: "Code" },
  { key: "preview", label: "Preview" },
] as const;
export type Pane = (typeof PANES)[number]["key"];

/**
 * On a narrow screen the project page shows one pane at a time: Steps, Code or Preview. The panes stay
 * mounted (the editor keeps its cursor, the preview its page); `paneProps` makes a pane a tab panel then,
 * and nothing on a wide screen, where all three sit side by side.
 */
export function usePaneTabs(active: Pane, tabbed: boolean) {
  const base = useId();
  const tabId = (pane: Pane) => `${base}-tab-${pane}`;
  const panelId = (pane: Pane) => `${base}-panel-${pane}`;
  const paneProps = (pane: Pane) =>
    tabbed
      ? {
          id: panelId(pane),
          role: "tabpanel",
          "aria-labelledby": tabId(pane),
          hidden: pane !== active,
          "data-pane": pane,
        }
      : { "data-pane": pane };
  return { tabId, panelId, paneProps };
}

/** The tab strip of the narrow layout: arrow keys, Home and End move between the tabs (roving focus). */
export function PaneTabs({
  active,
  onChange,
  tabId,
  panelId,
  badges,
}: {
  active: Pane;
  onChange: (pane: Pane) => void;
  tabId: (pane: Pane) => string;
  panelId: (pane: Pane) => string;
  /** Short text after a tab's name, e.g. the steps passed. */
  badges?: Partial<Record<Pane, string>>;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    const last = PANES.length - 1;
    const target = event.key === "Home" ? 0 : event.key === "End" ? last : (index + step + PANES.length) % PANES.length;
    onChange(PANES[target]!.key);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[target]?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label="Project panes" className={classes.paneTabs}>
      {PANES.map((pane, index) => (
        <button
          key={pane.key}
          type="button"
          role="tab"
          id={tabId(pane.key)}
          aria-selected={pane.key === active}
          aria-controls={panelId(pane.key)}
          tabIndex={pane.key === active ? 0 : -1}
          className={classes.paneTab}
          onClick={() => onChange(pane.key)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {pane.label}
          {badges?.[pane.key] && (
            <>
              {" "}
              <span className={classes.paneBadge}>{badges[pane.key]}</span>
            </>
          )}
        </button>
      ))}
    </div>
  );
}
