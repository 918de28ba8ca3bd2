import type {
  Assignment,
  ClassroomDetail,
  ClassroomList,
  ClassroomProgress,
  CreateAssignmentInput,
  CreateClassroomInput,
  MyAssignment,
} from "@neonlab/shared/schemas/classrooms";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiErrorFrom, apiPath } from "../../../lib/api-client.ts";
import { readAuthToken } from "../../../lib/auth-token.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const useClassrooms = () =>
  useQuery({
    queryKey: queryKeys.classrooms.list(),
    queryFn: ({ signal }) => api<ClassroomList>("classrooms", { signal }),
  });

/** What the caller's classrooms assigned to them (the courses page's "Assigned" marks). */
export const useMyAssignments = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.classrooms.assignments(),
    queryFn: ({ signal }) => api<MyAssignment[]>("classrooms/assignments", { signal }),
    enabled,
    staleTime: 60_000,
  });

export const useClassroom = (id: number) =>
  useQuery({
    queryKey: queryKeys.classrooms.detail(id),
    queryFn: ({ signal }) => api<ClassroomDetail>(`classrooms/${id}`, { signal }),
    retry: false,
  });

export const useClassroomProgress = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.classrooms.progress(id),
    queryFn: ({ signal }) => api<ClassroomProgress>(`classrooms/${id}/progress`, { signal }),
    enabled,
    retry: false,
  });

/** A mutation of classrooms: every classroom query refreshes after it. */
function useClassroomMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.classrooms.all() }),
  });
}

export const useCreateClassroom = () =>
  useClassroomMutation((input: CreateClassroomInput) =>
    api<ClassroomDetail>("classrooms", { method: "POST", body: input }),
  );
export const useJoinClassroom = () =>
  useClassroomMutation((code: string) => api<ClassroomDetail>("classrooms/join", { method: "POST", body: { code } }));
export const useLeaveClassroom = () =>
  useClassroomMutation((id: number) => api<{ ok: true }>(`classrooms/${id}/leave`, { method: "POST" }));
export const useCloseClassroom = () =>
  useClassroomMutation((id: number) => api<ClassroomDetail>(`classrooms/${id}/close`, { method: "POST" }));
export const useRotateCode = () =>
  useClassroomMutation((id: number) => api<{ join_code: string }>(`classrooms/${id}/code`, { method: "POST" }));
export const useAddTeacher = () =>
  useClassroomMutation(({ id, username }: { id: number; username: string }) =>
    api<ClassroomDetail>(`classrooms/${id}/teachers`, { method: "POST", body: { username } }),
  );
export const useRemoveMember = () =>
  useClassroomMutation(({ id, userId }: { id: number; userId: string }) =>
    api<{ ok: true }>(`classrooms/${id}/members/${encodeURIComponent(userId)}`, { method: "DELETE" }),
  );
export const useAssign = () =>
  useClassroomMutation(({ id, input }: { id: number; input: CreateAssignmentInput }) =>
    api<{ assignment: Assignment; members_without_access: { display_name: string }[] }>(
      `classrooms/${id}/assignments`,
      { method: "POST", body: input },
    ),
  );
export const useUnassign = () =>
  useClassroomMutation(({ id, assignmentId }: { id: number; assignmentId: number }) =>
    api<{ ok: true }>(`classrooms/${id}/assignments/${assignmentId}`, { method: "DELETE" }),
  );

/** Downloads the progress CSV (the server streams it) and saves it as a file. */
export async function downloadProgressCsv(id: number) {
  const token = readAuthToken();
  const response = await fetch(apiPath(`classrooms/${id}/progress.csv`), {
    headers: { accept: "text/csv", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) throw apiErrorFrom(response, await response.json().catch(() => null));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = `classroom-${id}-progress.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The join link a teacher shares. */
export const joinLink = (code: string) => `${window.location.origin}/classrooms/join/${code}`;
