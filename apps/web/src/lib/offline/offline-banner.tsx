import { IconCloudCheck, IconRefresh, IconWifiOff } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { readAuthToken } from "../auth-token.ts";
import { useSession } from "../session.tsx";
import { announceSync } from "./announce-sync.ts";
import classes from "./offline.module.css";
import { useOnline } from "./online-status.ts";
import { offlineQueue, pendingLessons, pendingReviews } from "./queue.ts";
import { forgetKeptData } from "./saved-courses.ts";
import { sendQueued } from "./send-queued.ts";
import { forgetSyncCredentials, SYNC_MESSAGE } from "./sync-credentials.ts";
import { takeSyncOutcomes } from "./sync-outcomes.ts";
import { useQueuedActions } from "./sync.ts";

const SYNCED_NOTE_MS = 6000;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The strip under the header that says the app is offline and how many lessons (and review answers) wait to
 * sync, and the sender of those writes once the network is back (lib/offline/queue.ts).
 */
export function OfflineBanner() {
  const online = useOnline();
  const { profile, token } = useSession();
  const userId = profile?.id ?? null;
  const actions = useQueuedActions();
  const mine = userId ? actions.filter((a) => a.userId === userId) : [];
  const waiting = pendingLessons(mine);
  const reviews = pendingReviews(mine);
  const queryClient = useQueryClient();
  const [syncing, setSyncing] = useState(false);
  const [synced, setSynced] = useState(false);
  const reported = useRef(new Set<string>());
  const lastUser = useRef<string | null>(null);

  // A sign-out, or another account on this device: the lessons and profile kept for the last one go, and the
  // service worker's copy of the token. (A profile still loading, or unreadable offline, is neither.)
  useEffect(() => {
    const last = lastUser.current;
    if (userId) lastUser.current = userId;
    const signedOut = token === null;
    if (!last || !(signedOut || (userId && userId !== last))) return;
    if (signedOut) lastUser.current = null;
    if (typeof caches !== "undefined") void forgetKeptData();
    void forgetSyncCredentials().catch(() => undefined);
  }, [userId, token]);

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The service worker asks an open page to send the queue (Background Sync): a new run, announced here.
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    const workers = typeof navigator === "undefined" ? undefined : navigator.serviceWorker;
    if (!workers) return;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === SYNC_MESSAGE) setRequests((n) => n + 1);
    };
    workers.addEventListener("message", onMessage);
    return () => workers.removeEventListener("message", onMessage);
  }, []);

  // What the worker sent while no page was open: announced as the page's own runs are.
  useEffect(() => {
    if (!userId) return;
    void takeSyncOutcomes(userId).then(
      (reports) => {
        for (const report of reports) {
          if (announceSync(report, reported.current, queryClient) && report.remaining === 0 && mounted.current) {
            setSynced(true);
          }
        }
      },
      () => undefined,
    );
  }, [userId, queryClient]);

  // Sends the queue whenever there is something to send and a network (a run already going is joined).
  const run = online && userId !== null && mine.length > 0 ? requests : null;
  useEffect(() => {
    if (run === null || !userId) return;
    setSyncing(true);
    void offlineQueue
      .sync(userId, (action) => sendQueued(action, readAuthToken()))
      .then(
        (report) => {
          if (announceSync(report, reported.current, queryClient) && report.remaining === 0 && mounted.current) {
            setSynced(true);
          }
        },
        () => undefined,
      )
      .finally(() => {
        if (mounted.current) setSyncing(false);
      });
  }, [run, userId, queryClient]);

  useEffect(() => {
    if (!synced) return;
    const timer = setTimeout(() => setSynced(false), SYNCED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [synced]);

  const lessons = [
    waiting > 0 ? plural(waiting, "lesson", "lessons") : null,
    reviews > 0 ? plural(reviews, "review answer", "review answers") : null,
  ]
    .filter(Boolean)
    .join(" and ");
  const some = waiting + reviews > 0;
  if (!online) {
    return (
      <div className={classes.banner} role="status" data-offline-banner="offline">
        <IconWifiOff size={18} aria-hidden="true" />
        <span>
          <strong>You're offline.</strong> Lessons you opened or saved still work
          {some ? `; ${lessons} will sync when you're back online.` : "; your answers sync when you're back."}
        </span>
      </div>
    );
  }
  if (some) {
    return (
      <div className={classes.banner} role="status" data-offline-banner="syncing" data-tone="sync">
        <IconRefresh size={18} aria-hidden="true" />
        <span>{syncing ? `Syncing ${lessons}…` : `${lessons} will sync.`}</span>
      </div>
    );
  }
  if (synced) {
    return (
      <div className={classes.banner} role="status" data-offline-banner="synced" data-tone="done">
        <IconCloudCheck size={18} aria-hidden="true" />
        <span>Your offline work is synced.</span>
      </div>
    );
  }
  return null;
}
