import type { SetUserRole, UserRoleResult } from "@neonlab/shared/schemas/admin";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** PATCH /api/admin/users/role: the user's sessions see the new role on their next request. */
export const useSetRole = () =>
  useMutation({
    mutationFn: (input: SetUserRole) => api<UserRoleResult>("admin/users/role", { method: "PATCH", body: input }),
  });
