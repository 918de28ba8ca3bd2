import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useLayoutEffect } from "react";
import { Outlet, useLocation, useMatches, useNavigation } from "react-router";
import { fetchOwnProfile, PROFILE_QUERY_KEY, useSession } from "../lib/session.tsx";
import { showSection, whenPresent } from "../lib/show-section.ts";
import classes from "./root.module.css";
import type { RouteHandle } from "./routes.ts";

/**
 * Scroll to the top when the path changes; an address with `#id` (a notification's or a menu's link) shows that
 * element instead, with the focus on it, as soon as it is on the page.
 */
function useScrollToTop() {
  const { pathname, hash, key } = useLocation();
  useLayoutEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  // Each arrival (a new location key, also on the same page) shows the target again.
  useEffect(() => (hash ? whenPresent(hash, showSection) : undefined), [hash, key]);
}

function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  // Routes without a title (the 404 page) set their own.
  useEffect(() => {
    if (title) document.title = `${title.title} · NeonLab`;
  }, [title]);
}

/** On each navigation while signed in, the profile is loaded: from cache while fresh (30 s), else refetched. */
function useProfileOnNavigation() {
  const { pathname } = useLocation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || !pathname) return;
    void queryClient.prefetchQuery({
      queryKey: PROFILE_QUERY_KEY,
      queryFn: fetchOwnProfile,
      staleTime: 30_000,
    });
  }, [pathname, token, queryClient]);
}

/** The router's root: navigation effects and a thin progress bar while a lazy page loads. */
export function Root() {
  useScrollToTop();
  useDocumentTitle();
  useProfileOnNavigation();
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== "idle" && <div className={classes.progress} role="presentation" data-navigating />}
      <Outlet />
    </>
  );
}
