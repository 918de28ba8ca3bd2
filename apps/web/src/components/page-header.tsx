import type { ReactNode } from "react";
import classes from "./page-header.module.css";

/** Eyebrow, title and lead of a content page; `className` adds to its own (e.g. a page that spaces its blocks itself). */
export function PageHeader({
  eyebrow,
  title,
  className,
  children,
}: {
  eyebrow: string;
  title: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <header className={className ? `${classes.pageHeader} ${className}` : classes.pageHeader}>
      <p className="nl-eyebrow">{eyebrow}</p>
      <h1 className={classes.pageTitle}>{title}</h1>
      {children && <div className={classes.lead}>{children}</div>}
    </header>
  );
}
