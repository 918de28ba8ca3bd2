import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

/** One client for the app: reads stay fresh for 30 s; 4xx answers are not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError && error.statusCode < 500) && count < 2,
    },
  },
});
