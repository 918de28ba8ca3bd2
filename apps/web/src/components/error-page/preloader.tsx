import { PRELOADER } from "@neonlab/shared/constants";
import { useLayoutEffect, useState } from "react";
import "./preloader.css";
import { lockScroll, unlockScroll } from "./scroll-lock.ts";

/** Test/dev knob: a different loading speed (ms per percent) from localStorage. */
export const PRELOADER_SPEED_KEY = "neonlab-preloader-speed";

function configuredSpeed(fallback: number): number {
  try {
    const value = Number(window.localStorage.getItem(PRELOADER_SPEED_KEY));
    return Number.isInteger(value) && value >= 1 && value <= 100 ? value : fallback;
  } catch {
    return fallback;
  }
}

type Phase = "loading" | "fading" | "done";

export type PreloaderProps = {
  /** ms per percent (spec default 15). */
  speedMs?: number;
  /** Fade-out time; scrolling comes back after it (1400 ms, 300 ms on the error page). */
  transitionMs?: number;
};

/**
 * Full-screen overlay (spec §2, §4): LOADING, a counter rising by 1 every `speedMs` to 100, a bar and
 * "CAUTION, Do not turn off."; fades out at 100 % and unlocks page scrolling after the transition. The
 * count follows the clock from the overlay's start, not a count of timer ticks, so a busy main thread
 * never stretches it. The page-load preloader is index.html's own overlay and script (same markup, same
 * timing from navigation start); this one is the error page's.
 */
export function Preloader({ speedMs = PRELOADER.speedMs, transitionMs = PRELOADER.transitionMs }: PreloaderProps) {
  const [speed] = useState(() => configuredSpeed(speedMs));
  const [count, setCount] = useState(0);
  const [phase, setPhase] = useState<Phase>("loading");

  useLayoutEffect(() => {
    lockScroll();
    let released = false;
    const release = () => {
      if (!released) unlockScroll();
      released = true;
    };
    const startedAt = performance.now();
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      const elapsed = performance.now() - startedAt;
      const next = Math.min(100, Math.floor(elapsed / speed));
      setCount(next);
      if (next < 100) {
        timer = setTimeout(step, speed - (elapsed % speed));
        return;
      }
      // The fade lasts its whole transition from when it starts (the error page's 300 ms).
      setPhase("fading");
      timer = setTimeout(() => {
        release();
        setPhase("done");
      }, transitionMs);
    };
    timer = setTimeout(step, speed);
    return () => {
      clearTimeout(timer);
      release();
    };
  }, [speed, transitionMs]);

  if (phase === "done") return null;
  return (
    <div
      className="nl-preloader"
      data-preloader
      data-state={phase}
      style={{ transitionDuration: `${transitionMs}ms` }}
      role="progressbar"
      aria-label="Loading NeonLab"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={count}
    >
      <div className="nl-preloader-inner">
        <div className="nl-preloader-title">LOADING</div>
        <div className="nl-preloader-counter" data-preloader-counter>
          {count}%
        </div>
        <div className="nl-preloader-bar">
          <div className="nl-preloader-fill" style={{ transform: `scaleX(${count / 100})` }} />
        </div>
        <div className="nl-preloader-caution">CAUTION, Do not turn off.</div>
      </div>
    </div>
  );
}
