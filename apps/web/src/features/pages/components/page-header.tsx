import type { ReactNode } from "react";
import classes from "./page-blocks.module.css";

// The page header is shared with other features (components/page-header.tsx); re-exported for the content pages.
export { PageHeader } from "../../../components/page-header.tsx";

/** A full-bleed band of the home layout with a centred inner column. */
export function Band({
  children,
  tone = "plain",
  labelledBy,
}: {
  children: ReactNode;
  tone?: "plain" | "raised" | "accent";
  labelledBy?: string;
}) {
  return (
    <section className={classes.band} data-tone={tone} aria-labelledby={labelledBy}>
      <div className={classes.bandInner}>{children}</div>
    </section>
  );
}

/** A card with an icon, a title and text; `level` keeps the heading order where the cards follow the h1. */
export function FeatureCard({
  icon,
  title,
  level = 3,
  children,
}: {
  icon: ReactNode;
  title: string;
  level?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <article className={`nl-panel ${classes.card}`}>
      <div className={classes.cardIcon} aria-hidden="true">
        {icon}
      </div>
      <Heading className={classes.cardTitle}>{title}</Heading>
      <div className={classes.cardText}>{children}</div>
    </article>
  );
}

/** Long-form text (policy, terms, about): readable measure and spacing. */
export function Prose({ children }: { children: ReactNode }) {
  return <div className={classes.prose}>{children}</div>;
}
