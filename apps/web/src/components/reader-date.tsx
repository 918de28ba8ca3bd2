import { formatDate } from "../lib/dates.ts";
import { useHydrated } from "../lib/hydrated.tsx";

// What the prerendered and server-rendered pages print, so that hydration takes their markup over as it is:
// the day in UTC, as the server's zone and the browser's differ.
const PAGE_FORMAT = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** A day on a page the server renders too: the page's fixed format while hydrating, then the reader's own. */
export function ReaderDate({ value }: { value: string }) {
  const hydrated = useHydrated();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return <time dateTime={value}>{hydrated ? formatDate(date) : PAGE_FORMAT.format(date)}</time>;
}
