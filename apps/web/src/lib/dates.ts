import { useCallback } from "react";
import { useSession } from "./session.tsx";

// Dates as the reader reads them: in their languages' format (never a fixed "en-US"), in the time zone of their
// profile setting (Settings → Profile) when signed in. The server sends dates as ISO data, never formatted.

export type DateStyle = "date" | "dateTime";

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: "medium" },
  dateTime: { dateStyle: "medium", timeStyle: "short" },
};

/** The reader's languages as the browser gives them (undefined: the runtime's default). */
function readerLocales(): string[] | undefined {
  if (typeof navigator === "undefined") return undefined;
  if (navigator.languages?.length) return [...navigator.languages];
  return navigator.language ? [navigator.language] : undefined;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: DateStyle, timeZone: string | undefined): Intl.DateTimeFormat {
  const locales = readerLocales();
  const key = `${style}|${timeZone ?? ""}|${locales?.join(",") ?? ""}`;
  let found = formatters.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(locales, { ...OPTIONS[style], timeZone });
    } catch {
      // A zone this browser does not know: the browser's own zone.
      found = new Intl.DateTimeFormat(locales, OPTIONS[style]);
    }
    formatters.set(key, found);
  }
  return found;
}

/** `value` (an ISO string or a Date) in the reader's locale, in `timeZone` when given; "" for a bad date. */
export function formatDate(
  value: string | Date,
  { style = "date", timeZone }: { style?: DateStyle; timeZone?: string } = {},
): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return formatter(style, timeZone).format(date);
}

/** formatDate in the signed-in user's time zone (their profile setting); the browser's zone when signed out. */
export function useFormatDate(): (value: string | Date, style?: DateStyle) => string {
  const { profile } = useSession();
  const timeZone = profile?.time_zone;
  return useCallback(
    (value: string | Date, style: DateStyle = "date") => formatDate(value, { style, timeZone }),
    [timeZone],
  );
}
