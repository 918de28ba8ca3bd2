import { MESSAGES } from "@neonlab/shared/messages";
import { openDialog } from "../../components/dialogs/open-dialog.tsx";
import { reportClientError } from "../../lib/client-errors.ts";
import { toast } from "../../lib/toasts.ts";
import type { ReportTarget } from "./components/report-dialog.tsx";

/** Report a problem with the app or a lesson; resolves when sent or dismissed. */
export async function openReportDialog(target: ReportTarget): Promise<void> {
  try {
    const { ReportDialog } = await import("./components/report-dialog.tsx");
    await openDialog({
      name: "report",
      width: 500,
      title: target.kind === "app" ? "Report a problem" : "Report a problem with this lesson",
      render: (close) => <ReportDialog target={target} onDone={() => close()} />,
    });
  } catch (error) {
    reportClientError(error);
    toast.error(MESSAGES.genericError);
  }
}
