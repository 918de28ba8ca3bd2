// The service worker (docs/decisions/046-offline-lessons.md): the app's shell, fonts and every route's code
// precached; lessons, their course, the own profile and the review's due cards kept from the network as
// last seen; images kept once loaded. Built by vite-plugin-pwa (injectManifest), registered by
// src/lib/offline/register-worker.ts.
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { OFFLINE_CACHES, OFFLINE_GET_PATTERNS } from "./lib/offline/cache-names.ts";
import { SYNC_TAG } from "./lib/offline/sync-credentials.ts";
import { syncQueueInWorker, workerSyncParts } from "./lib/offline/worker-sync.ts";

// The worker's global, as far as used here (the app's TypeScript project has the DOM's types, not a worker's).
declare const self: {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  skipWaiting(): Promise<void>;
  clients: {
    matchAll(options: {
      type: "window";
      includeUncontrolled: boolean;
    }): Promise<ReadonlyArray<{ postMessage(message: unknown): void }>>;
  };
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  addEventListener(
    type: "sync",
    listener: (event: { tag: string; waitUntil(work: Promise<unknown>): void }) => void,
  ): void;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Takes the open tabs only on the first install; a new version waits until the learner accepts the
// app-update notice (SKIP_WAITING below), so nothing reloads in the middle of a lesson.
clientsClaim();

self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

// The offline queue, once the network is back (lib/offline/worker-sync.ts); the page registers the sync
// when it queues an action. One queue for every sync event: a run going on is joined, not doubled.
const queueSync = workerSyncParts(() => self.clients.matchAll({ type: "window", includeUncontrolled: true }));
self.addEventListener("sync", (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(syncQueueInWorker(queueSync));
});

// Pages come from the server as before (prerendered copies, redirects, statuses); without a network the
// app's shell starts and its router renders the page.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const shell = await matchPrecache("/index.html");
        if (shell) return shell;
        throw error;
      }
    },
    { denylist: [/^\/api\//, /^\/socket\.io\//] },
  ),
);

/**
 * Drops every option's correctness and explanation (`review`, present once a quiz is passed) from a lesson
 * before it is kept: nothing stored on the device tells a right answer. The page gets the network's answer
 * whole; only a lesson read back from the cache lacks them.
 */
const withoutReviews = {
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    if (!response.ok) return null;
    const lesson = (await response.clone().json()) as { quizzes?: Array<Record<string, unknown>> };
    if (Array.isArray(lesson.quizzes)) for (const quiz of lesson.quizzes) quiz.review = null;
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    headers.delete("content-encoding");
    return new Response(JSON.stringify(lesson), { status: response.status, headers });
  },
};

const onlyOk = { cacheWillUpdate: async ({ response }: { response: Response }) => (response.ok ? response : null) };

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === "GET" && OFFLINE_GET_PATTERNS.lesson.test(url.pathname),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.lessons,
    networkTimeoutSeconds: 6,
    plugins: [withoutReviews, new ExpirationPlugin({ maxEntries: 600, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    request.method === "GET" &&
    (OFFLINE_GET_PATTERNS.course.test(url.pathname) ||
      OFFLINE_GET_PATTERNS.profile.test(url.pathname) ||
      OFFLINE_GET_PATTERNS.review.test(url.pathname)),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.data,
    networkTimeoutSeconds: 6,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    request.method === "GET" &&
    (request.destination === "image" || OFFLINE_GET_PATTERNS.asset.test(url.pathname)),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.images,
    plugins: [
      onlyOk,
      new ExpirationPlugin({ maxEntries: 800, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
    ],
  }),
);
