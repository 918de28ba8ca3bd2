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
 * Code that loads on an interaction (a dialog, the toasts) uses React.lazy instead: a test's click runs in a
 * synchronous act(), and React never retries a use() that suspended there.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, fallback?: ReactNode): Deferred<P> {
  // Marked the way React's use() reads a promise: a fulfilled one returns its value in the same render.
  // Every render calls use(), so a render that suspended and one that did not run the same hooks.
  let loading: Promise<ComponentType<P>> | undefined;
  const code = () => {
    if (!loading) {
      const promise: Promise<ComponentType<P>> = load().then(
        (component) => {
          Object.assign(promise, { status: "fulfilled", value: component });
          return component;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      loading = promise;
    }
    return loading;
  };
  const preload = () => code().then(() => undefined);
  function Loaded(props: P) {
    const Component = use(code());
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
