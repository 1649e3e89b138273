import { createElement, lazy, type ComponentType } from 'react';

export interface Preloadable<P extends object> {
  (props: P): React.ReactElement;
  /** Starts loading the code; resolves once it can render without suspending. */
  preload(): Promise<void>;
  /** The code is in: it renders at once. */
  ready(): boolean;
}

/**
 * React.lazy, except that a component whose code is already in (preloaded on hover or navigation)
 * renders at once. A lazy component suspends on its first render even when its module is loaded,
 * and React then holds the fallback for its 300 ms throttle.
 */
export function preloadable<P extends object>(factory: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () => (loading ??= factory().then((c) => { loaded = c; }, (e: unknown) => { loading = null; throw e; }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  const Component = (props: P) => (loaded ? createElement(loaded, props) : createElement(Lazy as unknown as ComponentType<P>, props));
  return Object.assign(Component, { preload, ready: () => loaded !== null });
}

export interface PreloadableValue<T> {
  /** Starts loading; resolves with the value (the same promise until it fails). */
  load(): Promise<T>;
  /** The value once it is in, else null. */
  value(): T | null;
}

/** A value from a lazily loaded module, read at once once it is in (the same reasoning as `preloadable`). */
export function preloadableValue<T>(factory: () => Promise<T>): PreloadableValue<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  const load = () => (loading ??= factory().then((v) => (loaded = v), (e: unknown) => { loading = null; throw e; }));
  return { load, value: () => loaded };
}
