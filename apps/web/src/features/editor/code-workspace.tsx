import { Skeleton } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { CodeWorkspaceProps } from "./types.ts";
import { loadingStatus } from "../../components/loading-status.ts";

const Impl = lazy(() => import("./code-workspace-impl.tsx"));

/** The code editor (file tabs + CodeMirror 6), loaded on demand; a placeholder of its size meanwhile. */
export function CodeWorkspace(props: CodeWorkspaceProps) {
  return (
    <Suspense fallback={<Skeleton height="100%" mih={240} radius="md" {...loadingStatus("Loading the editor")} />}>
      <Impl {...props} />
    </Suspense>
  );
}
