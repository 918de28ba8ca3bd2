import { type ComponentType, type ReactNode, Suspense, use } from "react";

export type Deferred<P> = ComponentType<P> & {
  /** Loads the code; once it is there the component renders at once, without suspending. */
  preload(): Promise<void>;
};

/**
 * A component whose code is a chunk of its own, loaded on first render or ahead of it with `preload()`.
 * Unlike React.lazy, a preloaded component renders in the same pass. With a `fallback` it renders in a
 * Suspense boundary of its own that shows the fallback while the code loads. Without one it adds no
 * boundary, for markup that must hydrate with the rest of the page (React hydrates a boundary's content in
 * a later pass): the build's render of a page and the app's first render preload it (app/mount.tsx).
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, fallback?: ReactNode): Deferred<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function Loaded(props: P) {
    if (!loaded) use(preload());
    const Component = loaded as ComponentType<P>;
    return <Component {...props} />;
  }
  if (fallback === undefined) return Object.assign(Loaded, { preload });
  function DeferredComponent(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(DeferredComponent, { preload });
}
