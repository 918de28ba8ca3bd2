import type { ComponentType } from "react";
import { StatusPanel } from "./status-panel.tsx";
import { useOnline } from "../lib/offline/online-status.ts";

/**
 * `Page` while the browser has a network; without one, a panel saying that `what` (e.g. "The shop")
 * needs a connection, instead of a page whose requests all fail. It comes back by itself once online.
 */
export function onlineOnly<P extends object>(Page: ComponentType<P>, what: string, address: string) {
  function OnlineOnly(props: P) {
    const online = useOnline();
    if (online) return <Page {...props} />;
    return (
      <StatusPanel
        kind="offline"
        address={address}
        code="OFFLINE"
        title="You're offline"
        actions={[{ to: "/courses", label: "Your courses", primary: true }]}
      >
        <p>{`${what} needs a connection. It opens again as soon as you're back online.`}</p>
        <p>Lessons you opened or saved for offline still work.</p>
      </StatusPanel>
    );
  }
  OnlineOnly.displayName = `OnlineOnly(${Page.displayName ?? Page.name})`;
  return OnlineOnly;
}
