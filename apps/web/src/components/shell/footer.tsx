import { Link } from "react-router";
import { Logo } from "./logo.tsx";
import { FOOTER_NAV } from "./nav-links.ts";
import classes from "./shell.module.css";

/** Site footer; `slim` keeps only the bottom line (reading and workspace layouts). */
export function Footer({ slim = false }: { slim?: boolean }) {
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer} data-slim={slim || undefined}>
      {!slim && (
        <div className={classes.footerInner}>
          <div className={classes.footerBrand}>
            <Logo />
            <p>Hands-on technical learning: courses, quizzes, streaks, hacks and an AI tutor, in one neon-lit lab.</p>
          </div>
          {FOOTER_NAV.map((column) => (
            <nav key={column.title} aria-label={column.title} className={classes.footerColumn}>
              <h2>{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      )}
      <div className={classes.footerBottom}>
        <span>© {year} NeonLab</span>
        <span aria-hidden="true">{"//"}</span>
        <Link to="/policy">Privacy</Link>
        <Link to="/terms">Terms</Link>
      </div>
    </footer>
  );
}
