import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { ApiError, api } from "./api-client.ts";
import { clearAuthToken, readAuthToken, writeAuthToken } from "./auth-token.ts";
import { connectSocket, disconnectSocket } from "./socket.ts";

export type SessionStatus = "loading" | "signed-in" | "signed-out";

export type Session = {
  status: SessionStatus;
  token: string | null;
  profile: OwnProfile | null;
  /** Stores a bearer token from a sign-in response and loads the profile. */
  signIn(token: string): Promise<void>;
  signOut(): Promise<void>;
  /** Forces a reload of the profile (XP, streak, NeonBits in the header). */
  refreshProfile(): Promise<void>;
};

/**
 * The own profile's query key, kept with its query: the first route runs this file, not lib/query-keys.ts,
 * which hands the key to the rest of the app as `queryKeys.me()`.
 */
export const PROFILE_QUERY_KEY = ["profile", "me"] as const;

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => readAuthToken());

  const profileQuery = useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: () => api<OwnProfile>("profile"),
    enabled: Boolean(token),
    staleTime: 30_000,
    retry: (count, error) => !(error instanceof ApiError && error.statusCode === 401) && count < 2,
  });

  // A token the server no longer accepts is dropped.
  useEffect(() => {
    if (profileQuery.error instanceof ApiError && profileQuery.error.statusCode === 401) {
      clearAuthToken();
      setToken(null);
      queryClient.removeQueries({ queryKey: PROFILE_QUERY_KEY });
    }
  }, [profileQuery.error, queryClient]);

  useEffect(() => {
    if (!token) return;
    // socket.io-client loads on demand; a failed load leaves the app usable without realtime.
    connectSocket(token).catch(() => undefined);
    return () => disconnectSocket();
  }, [token]);

  const signIn = useCallback(
    async (next: string) => {
      writeAuthToken(next);
      setToken(next);
      await queryClient.fetchQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: () => api<OwnProfile>("profile") });
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    await api("auth/sign-out", { method: "POST", body: {} }).catch(() => undefined);
    clearAuthToken();
    disconnectSocket();
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  const refreshProfile = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
  }, [queryClient]);

  const value = useMemo<Session>(() => {
    const profile = token ? (profileQuery.data ?? null) : null;
    const status: SessionStatus = !token
      ? "signed-out"
      : profile
        ? "signed-in"
        : profileQuery.isError
          ? "signed-out"
          : "loading";
    return { status, token, profile, signIn, signOut, refreshProfile };
  }, [token, profileQuery.data, profileQuery.isError, signIn, signOut, refreshProfile]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession must be used inside <SessionProvider>");
  return session;
}
