import type { HackSandbox } from "@neonlab/shared/schemas/hacks";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";

/** Where hack code runs (the preview site, another host name): asked once per visit. */
export const useSandbox = () =>
  useQuery({
    queryKey: queryKeys.hacks.sandbox(),
    queryFn: ({ signal }) => api<HackSandbox>("hacks/sandbox", { signal, anonymous: true }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** The sandbox flags of every frame that runs hack code: scripts, yes; the frame's own origin, never. */
export const PREVIEW_SANDBOX = "allow-scripts allow-forms allow-modals allow-popups";
