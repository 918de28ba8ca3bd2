import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { builtOnly } from "./shell/nav-links.ts";
import classes from "./status-panel.module.css";

export type StatusPanelProps = {
  /** Shown in the terminal title bar, e.g. "neonlab://blogs". */
  address: string;
  code: string;
  title: string;
  children: ReactNode;
  actions?: { to: string; label: string; primary?: boolean }[];
  /** data attribute for tests and styling, e.g. "placeholder", "access-required". */
  kind: string;
};

/**
 * A terminal-window panel used for "not yet available" pages and guard outcomes. Only the actions whose
 * page exists are offered.
 */
export function StatusPanel({ address, code, title, children, actions: given = [], kind }: StatusPanelProps) {
  const actions = builtOnly(given);
  return (
    <section className={classes.window} data-status-panel={kind} aria-labelledby="status-panel-title">
      <div className={classes.titleBar} aria-hidden="true">
        <span className={classes.dot} />
        <span className={classes.dot} />
        <span className={classes.dot} />
        <span className={classes.address}>{address}</span>
      </div>
      <div className={classes.body}>
        <p className={classes.code}>{code}</p>
        <h1 id="status-panel-title" className={classes.title}>
          {title}
        </h1>
        <div className={classes.text}>{children}</div>
        {actions.length > 0 && (
          <Group gap="sm" mt="lg">
            {actions.map((action) => (
              <Button key={action.to} component={Link} to={action.to} variant={action.primary ? "filled" : "default"}>
                {action.label}
              </Button>
            ))}
          </Group>
        )}
      </div>
    </section>
  );
}
