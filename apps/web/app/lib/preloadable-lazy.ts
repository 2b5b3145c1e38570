import { type ComponentType, lazy } from 'react';

/**
 * `React.lazy` for a part the server renders in the page's first HTML (the signed-in header's account
 * selector, bell and menu). `preload()` fetches its chunk; once it is in, the component is handed to
 * React synchronously, so hydration renders it in its first pass and keeps the server's HTML. A lazy
 * that suspends while the page hydrates is left as server HTML, and the first update that reaches it
 * before its chunk arrives replaces it with its empty fallback: the header lost its balance and menu
 * for a moment after every signed-in page loaded (a layout shift each time).
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Component = lazy(() => {
    const ready = loaded;
    if (!ready) return preload().then((component) => ({ default: component }));
    // A thenable that answers at once: React's lazy reads it as resolved without suspending.
    const answered = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable is the point, as React's lazy reads it
      then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: ready }),
    };
    return answered as never;
  });
  return Object.assign(Component, { preload });
}
