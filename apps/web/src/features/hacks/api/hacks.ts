import type { CreateHackInput, Hack, HackPage, UpdateHackInput } from "@neonlab/shared/schemas/hacks";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The caller's own hacks, the last changed first. */
export const useMyHacks = (page: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.hacks.mine(page),
    queryFn: ({ signal }) => api<HackPage>("hacks", { query: { page }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Explore: the hacks their owners listed. */
export const useExploreHacks = (page: number) =>
  useQuery({
    queryKey: queryKeys.hacks.explore(page),
    queryFn: ({ signal }) => api<HackPage>("hacks/explore", { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

/** A hack by its link (also an old username or slug of it: the answer names the current ones). */
export const useHack = (username: string, slug: string) =>
  useQuery({
    queryKey: queryKeys.hacks.one(username, slug),
    queryFn: ({ signal }) =>
      api<Hack>(`hacks/users/${encodeURIComponent(username)}/${encodeURIComponent(slug)}`, { signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });

export const createHack = (input: CreateHackInput) => api<Hack>("hacks", { method: "POST", body: input });
export const updateHack = (id: number, input: UpdateHackInput) =>
  api<Hack>(`hacks/${id}`, { method: "PUT", body: input });
/** Forks by the link (an unlisted hack's id opens nothing for anyone but its owner). */
export const forkHack = (hack: { owner: { username: string }; slug: string }) =>
  api<Hack>(`hacks/users/${encodeURIComponent(hack.owner.username)}/${encodeURIComponent(hack.slug)}/fork`, {
    method: "POST",
  });
export const deleteHack = (id: number) => api<{ ok: true }>(`hacks/${id}`, { method: "DELETE" });

/** A changed hack: its page's cache takes the answer, the lists refetch. */
export function useHackSaved() {
  const client = useQueryClient();
  return useCallback(
    (hack: Hack) => {
      client.setQueryData(queryKeys.hacks.one(hack.owner.username, hack.slug), hack);
      void client.invalidateQueries({ queryKey: queryKeys.hacks.minePages() });
      void client.invalidateQueries({ queryKey: queryKeys.hacks.explorePages() });
    },
    [client],
  );
}

export const useCreateHack = () => {
  const saved = useHackSaved();
  return useMutation({ mutationFn: createHack, onSuccess: saved });
};

export const useForkHack = () => {
  const saved = useHackSaved();
  return useMutation({ mutationFn: forkHack, onSuccess: saved });
};

export const useDeleteHack = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteHack,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.hacks.all() }),
  });
};

/** The page paths of a hack. */
export const hackPath = (hack: { owner: { username: string }; slug: string }) =>
  `/hack/${encodeURIComponent(hack.owner.username)}/${encodeURIComponent(hack.slug)}`;
