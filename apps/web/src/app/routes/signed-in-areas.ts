import type { RouteObject } from 'react-router';

/**
 * The signed-in pages come in five tables, each its own chunk, loaded on the first visit to an address in it
 * (router.tsx): a page's first load carries its own area's routes, not every area's. An address's first segment
 * names its area; every other signed-in address (the bare root, the passport, settings, documents, a mistyped one)
 * is in the account table.
 */
const AREAS: Record<string, () => Promise<RouteObject[]>> = {
  investor: () => import('./investor-routes.tsx').then((m) => m.investorRoutes),
  institution: () => import('./institution-routes.tsx').then((m) => m.institutionRoutes),
  tenant: () => import('./tenant-routes.tsx').then((m) => m.tenantRoutes),
  admin: () => import('./admin-routes.tsx').then((m) => m.adminRoutes),
};
const account = () => import('./account-routes.tsx').then((m) => m.accountRoutes);

/** The area an address belongs to, and how to load its routes. */
export function signedInArea(path: string): { name: string; load: () => Promise<RouteObject[]> } {
  const segment = path.split(/[?#]/)[0]?.split('/').find(Boolean) ?? '';
  const load = Object.hasOwn(AREAS, segment) ? AREAS[segment] : undefined;
  return load ? { name: segment, load } : { name: 'account', load: account };
}
