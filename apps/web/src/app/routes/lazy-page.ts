import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** A page module's route loader (lib/page-data.ts): starts the page's first queries; its value is not read. */
type PageLoader = (args: { request: Request }) => Promise<null>;
/** The names of a module's exports that are page loaders. */
type LoaderKey<M> = { [P in keyof M]: M[P] extends PageLoader ? P : never }[keyof M];

/**
 * A route's `lazy`: loads a module and renders its export `name`, with its export `loader` as the route's loader
 * when one is named. Write the `import()` at the call, so the bundler still sees each page's module and keeps it its
 * own chunk.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
  loader?: LoaderKey<M>,
): () => Promise<{ Component: ComponentType; loader?: PageLoader }> {
  return () => load().then((m) => ({ Component: m[name], ...(loader && { loader: m[loader] as PageLoader }) }));
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

/**
 * A page whose module also exports the route's `loader` (lib/page-data.ts): its first queries start as the address
 * is matched, beside its code, instead of after its first render.
 */
export function dataPage<K extends string, M extends Record<K, ComponentType>>(
  path: string,
  load: () => Promise<M>,
  name: K,
  loader: LoaderKey<M>,
): RouteObject {
  return { path, lazy: lazyPage(load, name, loader) };
}
