import type { DataExportStatus } from "@neonlab/shared/schemas/data-export";
import { api, getQuery } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const dataExportStatusQuery = () => ({
  queryKey: queryKeys.dataExport(),
  ...getQuery<DataExportStatus>("users/data-export"),
});

/** POST /api/users/data-export: prepared in the background, the link is mailed (once an hour). */
export const requestDataExport = () =>
  api<{ message: string; status: "pending" }>("users/data-export", { method: "POST" });

/** Downloads the export behind a mailed link's token (the signed-in owner only) and saves it as a file. */
export async function downloadDataExport(token: string) {
  const file = await api<{ exportedAt: string }>(`users/data-export/${encodeURIComponent(token)}`);
  const blob = new Blob([JSON.stringify(file, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `neonlab-data-${file.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
