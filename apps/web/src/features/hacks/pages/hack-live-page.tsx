import { Anchor, Loader, Text } from "@mantine/core";
import { useEffect } from "react";
import { Link, useParams } from "react-router";
import { ApiError } from "../../../lib/api-client.ts";
import { StatusPanel } from "../../../components/status-panel.tsx";
import { hackPath, useHack } from "../api/hacks.ts";
import classes from "../components/hacks.module.css";

/**
 * /hack/:username/view/:slug: the live site. It runs on the preview site (another host name, decision 028):
 * the server redirects a request for this address there; a navigation inside the app does the same.
 */
export function HackLivePage() {
  const { username = "", slug = "" } = useParams();
  const hack = useHack(username, slug);
  const live = hack.data?.live_url;
  useEffect(() => {
    if (live) window.location.replace(live);
  }, [live]);

  if (hack.isError || (hack.data && !live)) {
    const missing = hack.isError && hack.error instanceof ApiError && hack.error.statusCode === 404;
    return (
      <div className={classes.live}>
        <StatusPanel
          kind="hack-live-missing"
          address={`neonlab://hack/${username}/view/${slug}`}
          code="404"
          title={missing || !hack.data ? "This hack does not exist" : "This hack has no live site"}
          actions={hack.data ? [{ to: hackPath(hack.data), label: "See the code", primary: true }] : []}
        >
          {hack.data ? "A hack has a live site when it has an index.html." : "Check the link you were given."}
        </StatusPanel>
      </div>
    );
  }
  return (
    <div className={classes.live} aria-busy="true">
      <Loader aria-label="Opening the live site" />
      <Text size="sm" c="dimmed">
        Opening the live site…{" "}
        {live && (
          <Anchor href={live} size="sm">
            Open it
          </Anchor>
        )}
      </Text>
      {hack.data && (
        <Anchor component={Link} to={hackPath(hack.data)} size="sm">
          See the code instead
        </Anchor>
      )}
    </div>
  );
}
