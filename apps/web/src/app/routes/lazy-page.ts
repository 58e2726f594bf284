import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A route's `lazy`: loads a module and renders its export `name`. Write the `import()` at the call,
 * so the bundler still sees each page's module and keeps it its own chunk.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): () => Promise<{ Component: ComponentType }> {
  return () => load().then((m) => ({ Component: m[name] }));
}

/** A route at `path` whose page is the export `name` of the module `load` brings (see `lazyPage`). */
export function page<K extends string, M extends Record<K, ComponentType>>(
  path: string,
  load: () => Promise<M>,
  name: K,
  children?: RouteObject[],
): RouteObject {
  return children ? { path, lazy: lazyPage(load, name), children } : { path, lazy: lazyPage(load, name) };
}
