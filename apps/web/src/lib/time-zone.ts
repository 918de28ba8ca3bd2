/** The browser's IANA time zone (e.g. "America/Los_Angeles"), or null when the runtime can not tell. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** Settings' offer to use the browser's zone, once declined for a zone, is not made again for it here. */
const dismissedKey = (zone: string) => `neonlab:time-zone-offer-dismissed:${zone}`;

export function timeZoneOfferDismissed(zone: string): boolean {
  try {
    return window.localStorage.getItem(dismissedKey(zone)) !== null;
  } catch {
    return false;
  }
}

export function dismissTimeZoneOffer(zone: string) {
  try {
    window.localStorage.setItem(dismissedKey(zone), new Date().toISOString());
  } catch {
    // Storage refused (private mode, quota): the offer comes back on the next visit.
  }
}

const DAY_MS = 86_400_000;

/**
 * Whether two zones keep the same clock (the same local time at every sampled instant, twice a month over a
 * year either side of now): then the streak's days are the same in both, whatever each is called ("UTC" and
 * "Etc/UTC", "Asia/Calcutta" and "Asia/Kolkata"; runtimes no longer agree on one spelling).
 */
export function sameClock(a: string, b: string, now = Date.now()): boolean {
  if (a === b) return true;
  try {
    const options: Intl.DateTimeFormatOptions = { dateStyle: "short", timeStyle: "short", hourCycle: "h23" };
    const inA = new Intl.DateTimeFormat("en-US", { ...options, timeZone: a });
    const inB = new Intl.DateTimeFormat("en-US", { ...options, timeZone: b });
    for (let day = -365; day <= 365; day += 15) {
      const instant = now + day * DAY_MS;
      if (inA.format(instant) !== inB.format(instant)) return false;
    }
    return true;
  } catch {
    return false;
  }
}
