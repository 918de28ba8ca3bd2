import { Skeleton, Stack } from "@mantine/core";
import { useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError } from "../../../lib/api-client.ts";
import { StatusPanel } from "../../../components/status-panel.tsx";
import { hackPath, useHack } from "../api/hacks.ts";
import { HackWorkspace } from "../components/hack-workspace.tsx";
import { loadingStatus } from "../../../components/loading-status.ts";
import { onlineOnly } from "../../../components/online-only.tsx";

/** /hack/:username/:slug: the code view. The owner edits (autosaved); anyone else reads and may fork. */
function HackPageOnline() {
  const { username = "", slug = "" } = useParams();
  const hack = useHack(username, slug);
  const navigate = useNavigate();
  const moved = hack.data && (hack.data.owner.username !== username || hack.data.slug !== slug);
  useEffect(() => {
    if (hack.data && moved) navigate(hackPath(hack.data), { replace: true });
  }, [hack.data, moved, navigate]);

  if (hack.isError) {
    const missing = hack.error instanceof ApiError && hack.error.statusCode === 404;
    return (
      <Stack p="xl" align="center">
        <StatusPanel
          kind="hack-missing"
          address={`neonlab://hack/${username}/${slug}`}
          code={missing ? "404" : "ERR"}
          title={missing ? "This hack does not exist" : "The hack could not be loaded"}
          actions={[{ to: "/hacks", label: "Hacks", primary: true }]}
        >
          {missing
            ? "Its owner may have deleted or renamed it. Check the link you were given."
            : "Check your connection and try again."}
        </StatusPanel>
      </Stack>
    );
  }
  if (!hack.data || moved) {
    return (
      <Stack p="md" gap="md" {...loadingStatus("Loading the hack")}>
        <Skeleton height={40} />
        <Skeleton height="60dvh" />
      </Stack>
    );
  }
  return <HackWorkspace key={hack.data.id} hack={hack.data} />;
}

/** Needs the network: offline it says so instead (components/online-only.tsx). */
export const HackPage = onlineOnly(HackPageOnline, "A hack", "neonlab://hack");
