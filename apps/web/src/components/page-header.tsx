import type { ReactNode } from "react";
import classes from "./page-header.module.css";

/** Eyebrow, title and lead of a content page. */
export function PageHeader({ eyebrow, title, children }: { eyebrow: string; title: ReactNode; children?: ReactNode }) {
  return (
    <header className={classes.pageHeader}>
      <p className="nl-eyebrow">{eyebrow}</p>
      <h1 className={classes.pageTitle}>{title}</h1>
      {children && <div className={classes.lead}>{children}</div>}
    </header>
  );
}
