import { useEffect, useState } from "react";
import classes from "./reward-figure.module.css";

const COUNT_UP_MS = 900;

/** Read when the dialog opens (a dialog is always rendered in the browser, never prerendered). */
const prefersReducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;

/**
 * `target`, counted up from 0 over COUNT_UP_MS (easing out), or at once under reduced motion. The
 * count is the number drawn only: the dialog's sentence says the final figure for screen readers.
 */
export function useCountUp(target: number): number {
  const [value, setValue] = useState(() => (prefersReducedMotion() ? target : 0));
  useEffect(() => {
    if (prefersReducedMotion() || target <= 0) {
      setValue(target);
      return;
    }
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const progress = Math.min(1, (now - start) / COUNT_UP_MS);
      setValue(Math.round(target * (1 - (1 - progress) ** 3)));
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return value;
}

/** A reward's big figure ("+20 NeonBits"), counting up; hidden from screen readers (the sentence says it). */
export function RewardFigure({ amount, unit, tone }: { amount: number; unit: string; tone: "xp" | "bits" }) {
  const shown = useCountUp(amount);
  return (
    <p className={classes.figure} data-tone={tone} data-reward={unit} data-amount={amount} aria-hidden="true">
      <span className={classes.amount}>{`+${shown}`}</span> <span className={classes.unit}>{unit}</span>
    </p>
  );
}
