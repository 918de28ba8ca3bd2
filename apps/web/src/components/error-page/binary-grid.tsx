import { useReducedMotion } from "@mantine/hooks";
import { ERROR_GRID } from "@neonlab/shared/constants";
import { type CSSProperties, useEffect, useRef, useState } from "react";
import classes from "./error-page.module.css";

const randomBit = () => (Math.random() < 0.5 ? "0" : "1");
const randomRow = (columns: number) => Array.from({ length: columns }, randomBit).join("");

/**
 * Background of the error page: rows × columns of binary digits; every `refreshMs` each cell flips to
 * a new random digit with probability `changeChance`. Still under prefers-reduced-motion.
 */
export function BinaryGrid({
  rows = ERROR_GRID.rows,
  columns = ERROR_GRID.columns,
  refreshMs = ERROR_GRID.refreshMs,
  changeChance = ERROR_GRID.changeChance,
}: {
  rows?: number;
  columns?: number;
  refreshMs?: number;
  changeChance?: number;
}) {
  const [initial] = useState(() => Array.from({ length: rows }, () => randomRow(columns)));
  const container = useRef<HTMLDivElement>(null);
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    const element = container.current;
    if (!element || reducedMotion) return;
    const timer = setInterval(() => {
      for (const row of Array.from(element.children)) {
        const cells = (row.textContent ?? "").split("");
        for (let i = 0; i < cells.length; i++) if (Math.random() < changeChance) cells[i] = randomBit();
        row.textContent = cells.join("");
      }
    }, refreshMs);
    return () => clearInterval(timer);
  }, [reducedMotion, refreshMs, changeChance]);

  return (
    <div
      ref={container}
      className={classes.grid}
      aria-hidden="true"
      data-binary-grid
      style={{ "--grid-rows": rows, "--grid-columns": columns } as CSSProperties}
    >
      {initial.map((row, index) => (
        <div key={index} data-row>
          {row}
        </div>
      ))}
    </div>
  );
}
