import { type DehydratedState, hydrate } from "@tanstack/react-query";
import { HYDRATION_MISMATCH, QUERY_STATE_ID } from "../lib/prerender-markers.ts";
import { queryClient } from "../lib/query-client.ts";

/**
 * A page the server rendered from API answers carries the query cache's state (src/entry-prerender.tsx):
 * restored, the first render shows the same data as the markup, without asking the API again. The server
 * checked those answers when it sent the page (it keeps one render while they stay the same), so they
 * count as fetched now, not when that render was made.
 */
export function restoreQueryState() {
  const script = document.getElementById(QUERY_STATE_ID);
  if (!script?.textContent) return;
  try {
    const state = JSON.parse(script.textContent) as DehydratedState;
    const now = Date.now();
    for (const query of state.queries) query.state.dataUpdatedAt = now;
    hydrate(queryClient, state);
  } catch (error) {
    console.warn(HYDRATION_MISMATCH, error);
  }
}
