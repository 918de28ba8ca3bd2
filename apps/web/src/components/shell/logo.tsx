import { Link } from "react-router";
import classes from "./shell.module.css";

/** The NeonLab mark: a hexagon "terminal" glyph and the word mark. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className={classes.logo} aria-label="NeonLab home">
      <svg className={classes.logoMark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path d="M16 2 28.1 9v14L16 30 3.9 23V9z" fill="none" stroke="currentColor" strokeWidth="2" />
        <path
          d="m10 12 4 4-4 4M16.5 20.5h6"
          fill="none"
          stroke="var(--nl-accent-2)"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {!compact && (
        <span className={classes.logoText}>
          NEON<span className={classes.logoAccent}>LAB</span>
        </span>
      )}
    </Link>
  );
}
