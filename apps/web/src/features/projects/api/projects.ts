import type {
  CheckStepResult,
  ProjectCompleteResult,
  ProjectDetail,
  ProjectFile,
  ProjectList,
} from "@neonlab/shared/schemas/projects";
import type { StarRating } from "@neonlab/shared/schemas/votes";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, getQuery } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Guided projects, optionally of one category (its slug), with stars and the caller's progress. */
export const projectsQuery = (category: string | null) =>
  queryOptions({
    queryKey: queryKeys.projects.list(category),
    ...getQuery<ProjectList>("projects", { category: category ?? undefined }),
  });

export const useProjects = (category: string | null) => useQuery(projectsQuery(category));

export const projectQuery = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.projects.detail(slug),
    queryFn: ({ signal }) => api<ProjectDetail>(`projects/${encodeURIComponent(slug)}`, { signal }),
  });

export const useProject = (slug: string) => useQuery(projectQuery(slug));

export const saveProjectFiles = (projectId: number, files: ProjectFile[]) =>
  api<{ hash: string; updated_at: string }>(`projects/${projectId}/files`, { method: "PUT", body: { files } });

/** Saves the files and judges the step's static checks; an attempt to run its script checks in the preview. */
export const checkStep = (projectId: number, step: string, files: ProjectFile[]) =>
  api<CheckStepResult>(`projects/${projectId}/check`, { method: "POST", body: { step, files } });

export const reportStep = (
  projectId: number,
  body: { step: string; token: string; results: { id: string; passed: boolean; message: string }[] },
) => api<CheckStepResult>(`projects/${projectId}/report`, { method: "POST", body });

export const completeProject = (projectId: number) =>
  api<ProjectCompleteResult>(`projects/${projectId}/complete`, { method: "POST" });

export const rateProject = (projectId: number, stars: number) =>
  api<StarRating>(`projects/${projectId}/vote`, { method: "POST", query: { stars } });

/** Rates a project and shows the new rating on its page at once; the catalogue refetches its averages. */
export function useRateProject(project: Pick<ProjectDetail, "id" | "slug">) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (stars: number) => rateProject(project.id, stars),
    onSuccess: (rating) => {
      client.setQueryData(projectQuery(project.slug).queryKey, (old) => (old ? { ...old, rating } : old));
      void client.invalidateQueries({ queryKey: queryKeys.projects.lists(), refetchType: "inactive" });
    },
  });
}
