import { api } from "../../../lib/api-client.ts";

/** DELETE /api/users: removes the account and its data (product rules). */
export const deleteAccount = () => api<{ message: string }>("users", { method: "DELETE" });
