import { startTransition, useEffect, useReducer } from 'react';

/**
 * A module loaded with import() once, that components can draw from without React.lazy and
 * Suspense: a Suspense fallback holds its content back for at least 500 ms after it showed
 * (React's reveal throttle), which a screen's first load would pay for each lazy part. A module
 * already here is drawn at once; one still on its way shows the caller's own loading state and is
 * drawn the moment it arrives. Used by the router (each screen) and the dashboard (each card).
 */
export interface LazyModule<M> {
  /**
   * Starts loading, once. A failed load stays failed: browsers keep a module that failed to load
   * in the page's module map, so only a reload tries it again.
   */
  start(): Promise<void>;
  /** The module, once loaded. */
  readonly module: M | undefined;
  /** Why the load failed, if it did. */
  readonly failed: { error: unknown } | undefined;
}

export function lazyModule<M>(load: () => Promise<M>): LazyModule<M> {
  let module: M | undefined;
  let failed: { error: unknown } | undefined;
  let loading: Promise<void> | undefined;
  const start = () =>
    (loading ??= load().then(
      (m) => void (module = m),
      (error: unknown) => void (failed = { error }),
    ));
  return {
    start,
    get module() {
      return module;
    },
    get failed() {
      return failed;
    },
  };
}

/**
 * The module's state for a component: rerenders it when the module arrives (or fails), as a
 * transition, so React draws a whole screen in slices instead of one long task.
 */
export function useLazyModule<M>(lazy: LazyModule<M>): { module: M | undefined; failed: { error: unknown } | undefined } {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const settled = lazy.module !== undefined || lazy.failed !== undefined;
  useEffect(() => {
    if (settled) return;
    // The module may have arrived between this render and the effect: draw it now.
    if (lazy.module !== undefined || lazy.failed !== undefined) startTransition(rerender);
    else void lazy.start().then(() => startTransition(rerender));
  }, [lazy, settled]);
  return { module: lazy.module, failed: lazy.failed };
}
