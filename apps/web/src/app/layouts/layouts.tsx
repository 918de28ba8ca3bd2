import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import { type ComponentType, lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { deferred } from "../../lib/deferred.tsx";
import type { LayoutName } from "../../lib/route-table.ts";
import classes from "./layouts.module.css";

// The header and footer (and the Mantine components they use) are chunks of their own, out of the code
// every route starts with: the first render waits for them as for the page (app/mount.tsx), so they never
// pop in, and the build's render of a page loads them first (src/entry-prerender.tsx).
const Header = deferred(() => import("../../components/shell/header.tsx").then((m) => m.Header));
const Footer = deferred(() => import("../../components/shell/footer.tsx").then((m) => m.Footer));

/** Loads the header's and footer's code. */
export const preloadShell = () => Promise.all([Header.preload(), Footer.preload()]).then(() => undefined);

// The notification bell (signed in only) loads with its own chunk.
const NotificationBell = lazy(() =>
  import("../../features/notifications/components/notification-bell.tsx").then((m) => ({
    default: m.NotificationBell,
  })),
);
const bell = (profile: OwnProfile) => (
  <Suspense fallback={null}>
    <NotificationBell profile={profile} />
  </Suspense>
);

/** Each layout's header variant and footer (none, full or slim). */
const FRAMES: Record<LayoutName, { header: "full" | "compact"; footer?: "full" | "slim" }> = {
  // Marketing pages: full-bleed sections, full footer.
  home: { header: "full", footer: "full" },
  // Most pages: a centred content column.
  default: { header: "full", footer: "full" },
  // Reading pages (a blog post, a project brief): a narrow column.
  basic: { header: "full", footer: "slim" },
  // The blog editor: a wide workspace.
  blog: { header: "compact", footer: "slim" },
  // Hack code and live views: the viewport below a compact bar.
  hack: { header: "compact" },
  // Lessons: compact bar, content with room for the assistant panel.
  lesson: { header: "compact" },
};

function layout(name: LayoutName): ComponentType {
  const { header, footer } = FRAMES[name];
  return function Layout() {
    return (
      <div className={footer ? `${classes.frame} ${classes.withFooter}` : classes.frame} data-nl-layout={name}>
        <a className="nl-skip-link" href="#main">
          Skip to content
        </a>
        <Header variant={header} bell={bell} />
        <main id="main" tabIndex={-1} className={classes[name]}>
          <Outlet />
        </main>
        {footer && <Footer slim={footer === "slim"} />}
      </div>
    );
  };
}

export const LAYOUTS = Object.fromEntries(
  (Object.keys(FRAMES) as LayoutName[]).map((name) => [name, layout(name)]),
) as Record<LayoutName, ComponentType>;
