import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { Outlet } from "react-router";
import { Footer } from "../../components/shell/footer.tsx";
import { Header } from "../../components/shell/header.tsx";
import classes from "./layouts.module.css";

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

export type LayoutName = "basic" | "blog" | "default" | "hack" | "home" | "lesson";

function Frame({
  name,
  header,
  footer,
  children,
}: {
  name: LayoutName;
  header: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={footer ? `${classes.frame} ${classes.withFooter}` : classes.frame} data-nl-layout={name}>
      <a className="nl-skip-link" href="#main">
        Skip to content
      </a>
      {header}
      <main id="main" tabIndex={-1} className={classes[name]}>
        {children}
      </main>
      {footer}
    </div>
  );
}

/** Marketing pages: full-bleed sections, full footer. */
export function HomeLayout() {
  return (
    <Frame name="home" header={<Header bell={bell} />} footer={<Footer />}>
      <Outlet />
    </Frame>
  );
}

/** Most pages: a centred content column. */
export function DefaultLayout() {
  return (
    <Frame name="default" header={<Header bell={bell} />} footer={<Footer />}>
      <Outlet />
    </Frame>
  );
}

/** Reading pages (a blog post, a project brief): a narrow column. */
export function BasicLayout() {
  return (
    <Frame name="basic" header={<Header bell={bell} />} footer={<Footer slim />}>
      <Outlet />
    </Frame>
  );
}

/** The blog editor: a wide workspace. */
export function BlogLayout() {
  return (
    <Frame name="blog" header={<Header variant="compact" bell={bell} />} footer={<Footer slim />}>
      <Outlet />
    </Frame>
  );
}

/** Hack code and live views: the viewport below a compact bar. */
export function HackLayout() {
  return (
    <Frame name="hack" header={<Header variant="compact" bell={bell} />}>
      <Outlet />
    </Frame>
  );
}

/** Lessons: compact bar, content with room for the assistant panel. */
export function LessonLayout() {
  return (
    <Frame name="lesson" header={<Header variant="compact" bell={bell} />}>
      <Outlet />
    </Frame>
  );
}

export const LAYOUTS: Record<LayoutName, ComponentType> = {
  basic: BasicLayout,
  blog: BlogLayout,
  default: DefaultLayout,
  hack: HackLayout,
  home: HomeLayout,
  lesson: LessonLayout,
};
