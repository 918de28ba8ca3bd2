/** Fixed-window counters in memory; keys are caller-chosen (ip:…, account:…). */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Counts one hit; returns the seconds to wait when over `max`, or 0 when allowed. */
  hit(key: string, max: number, windowSeconds: number): number {
    const now = this.now();
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + windowSeconds * 1000 });
      this.sweep(now);
      return 0;
    }
    current.count += 1;
    return current.count > max ? Math.ceil((current.resetAt - now) / 1000) : 0;
  }

  private sweep(now: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
