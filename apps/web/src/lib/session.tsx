import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import { useQueryClient } from "@tanstack/react-query";
import {
  type ComponentType,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { ApiError, api } from "./api-client.ts";
import { clearAuthToken, readAuthToken, writeAuthToken } from "./auth-token.ts";
import type { ProfileQueryProps, ProfileState } from "./profile-query.tsx";
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

export const fetchOwnProfile = () => api<OwnProfile>("profile");

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.statusCode === 401;

const PROFILE_QUERY: ProfileQueryProps["query"] = {
  queryKey: PROFILE_QUERY_KEY,
  queryFn: fetchOwnProfile,
  staleTime: 30_000,
  retry: (count, error) => !isUnauthorized(error) && count < 2,
};

type ProfileQueryComponent = ComponentType<ProfileQueryProps>;

/** Stands in for the profile query when its code fails to load: as a failed request, signed out. */
function ProfileUnavailable({ token, onChange }: ProfileQueryProps) {
  useEffect(() => onChange({ token, data: null, error: null, isError: true }), [token, onChange]);
  return null;
}

// The component running the profile query (and the query observer it needs) loads apart, for a signed-in
// visitor only.
let profileQueryLoaded: ProfileQueryComponent | undefined;
let profileQueryLoading: Promise<ProfileQueryComponent> | undefined;
function loadProfileQuery(): Promise<ProfileQueryComponent> {
  profileQueryLoading ??= import("./profile-query.tsx").then(
    (module) => {
      profileQueryLoaded = module.ProfileQuery;
      return module.ProfileQuery;
    },
    () => {
      profileQueryLoading = undefined;
      return ProfileUnavailable;
    },
  );
  return profileQueryLoading;
}

/** Starts loading the profile query's code when a token is stored, ahead of the first render. */
export function preloadProfileQuery() {
  if (readAuthToken()) void loadProfileQuery();
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => readAuthToken());

  const [profileState, setProfileState] = useState<ProfileState | null>(null);
  const [ProfileQuery, setProfileQuery] = useState(() => profileQueryLoaded);
  useEffect(() => {
    if (!token || ProfileQuery) return;
    let current = true;
    void loadProfileQuery().then((component) => {
      if (current) setProfileQuery(() => component);
    });
    return () => {
      current = false;
    };
  }, [token, ProfileQuery]);
  // The state of an earlier token (before a sign-out and sign-in) is not this session's.
  const profileQuery = profileState?.token === token ? profileState : null;

  // A token the server no longer accepts is dropped.
  useEffect(() => {
    if (isUnauthorized(profileQuery?.error)) {
      clearAuthToken();
      setToken(null);
      queryClient.removeQueries({ queryKey: PROFILE_QUERY_KEY });
    }
  }, [profileQuery?.error, queryClient]);

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
      await Promise.all([
        queryClient.fetchQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: fetchOwnProfile }),
        // The session reports the profile once the query's code is there too.
        loadProfileQuery(),
      ]);
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
    const profile = token ? (profileQuery?.data ?? null) : null;
    const status: SessionStatus = !token
      ? "signed-out"
      : profile
        ? "signed-in"
        : profileQuery?.isError
          ? "signed-out"
          : "loading";
    return { status, token, profile, signIn, signOut, refreshProfile };
  }, [token, profileQuery?.data, profileQuery?.isError, signIn, signOut, refreshProfile]);

  return (
    <SessionContext.Provider value={value}>
      {children}
      {token && ProfileQuery && <ProfileQuery token={token} query={PROFILE_QUERY} onChange={setProfileState} />}
    </SessionContext.Provider>
  );
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession must be used inside <SessionProvider>");
  return session;
}
