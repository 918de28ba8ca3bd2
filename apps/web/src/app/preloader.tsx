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
 * "CAUTION, Do not turn off."; fades out at 100 % and unlocks page scrolling after the transition.
 * apps/web/index.html holds the same markup at 0 % for the first paint; keep the two in step.
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
    const timers: ReturnType<typeof setTimeout>[] = [];
    const interval = setInterval(() => {
      setCount((value) => {
        const next = Math.min(100, value + 1);
        if (next === 100) {
          clearInterval(interval);
          setPhase("fading");
          timers.push(
            setTimeout(() => {
              release();
              setPhase("done");
            }, transitionMs),
          );
        }
        return next;
      });
    }, speed);
    return () => {
      clearInterval(interval);
      for (const timer of timers) clearTimeout(timer);
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
