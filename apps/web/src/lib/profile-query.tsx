import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import { type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { useLayoutEffect } from "react";

/** The profile query's result as the session reads it, for the token it was loaded with. */
export type ProfileState = { token: string; data: OwnProfile | null; error: unknown; isError: boolean };

export type ProfileQueryProps = {
  token: string;
  /** The query's options, defined with the session (lib/session.tsx). */
  query: UseQueryOptions<OwnProfile, Error, OwnProfile, readonly unknown[]>;
  onChange(state: ProfileState): void;
};

/**
 * Runs the session's profile query while a token is stored and reports it to the session before the
 * browser paints. Its code (the query observer) loads only for a signed-in visitor.
 */
export function ProfileQuery({ token, query, onChange }: ProfileQueryProps) {
  const { data, error, isError } = useQuery(query);
  useLayoutEffect(
    () => onChange({ token, data: data ?? null, error, isError }),
    [token, data, error, isError, onChange],
  );
  return null;
}
