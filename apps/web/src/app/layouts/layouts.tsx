import type { ComponentType, ReactNode } from "react";
import { Outlet } from "react-router";
import { Footer } from "../../components/shell/footer.tsx";
import { Header } from "../../components/shell/header.tsx";
import classes from "./layouts.module.css";

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
    <Frame name="home" header={<Header />} footer={<Footer />}>
      <Outlet />
    </Frame>
  );
}

/** Most pages: a centred content column. */
export function DefaultLayout() {
  return (
    <Frame name="default" header={<Header />} footer={<Footer />}>
      <Outlet />
    </Frame>
  );
}

/** Reading pages (a blog post, a project brief): a narrow column. */
export function BasicLayout() {
  return (
    <Frame name="basic" header={<Header />} footer={<Footer slim />}>
      <Outlet />
    </Frame>
  );
}

/** The blog editor: a wide workspace. */
export function BlogLayout() {
  return (
    <Frame name="blog" header={<Header variant="compact" />} footer={<Footer slim />}>
      <Outlet />
    </Frame>
  );
}

/** Hack code and live views: the viewport below a compact bar. */
export function HackLayout() {
  return (
    <Frame name="hack" header={<Header variant="compact" />}>
      <Outlet />
    </Frame>
  );
}

/** Lessons: compact bar, content with room for the assistant panel. */
export function LessonLayout() {
  return (
    <Frame name="lesson" header={<Header variant="compact" />}>
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
