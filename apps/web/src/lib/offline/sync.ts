import { useEffect, useState } from "react";
import { offlineQueue, type QueuedAction } from "./queue.ts";

/** The queued actions, kept current. */
export function useQueuedActions(): QueuedAction[] {
  const [actions, setActions] = useState<QueuedAction[]>([]);
  useEffect(() => {
    let current = true;
    const load = () =>
      void offlineQueue.read().then(
        (next) => {
          if (current) setActions(next);
        },
        () => undefined,
      );
    load();
    const stop = offlineQueue.subscribe(load);
    return () => {
      current = false;
      stop();
    };
  }, []);
  return actions;
}
