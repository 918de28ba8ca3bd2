import { MESSAGES } from "@neonlab/shared/messages";
import { toast } from "./toasts.ts";

/** Copies a link to the clipboard with the spec's toast, or says how to copy it by hand when the browser refuses. */
export async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(MESSAGES.linkCopied);
  } catch {
    toast.error("Copying is blocked by the browser; select the link and copy it.");
  }
}
