import type { RouteObject } from 'react-router';
import { accountRoutes } from './account-routes.tsx';
import { adminRoutes } from './admin-routes.tsx';
import { institutionRoutes } from './institution-routes.tsx';
import { investorRoutes } from './investor-routes.tsx';
import { tenantRoutes } from './tenant-routes.tsx';

/**
 * Every page behind sign-in, all five areas' tables in one (signed-in-areas.ts): for tests that render several areas.
 * The app never imports it; its router loads each area when first visited.
 */
export const signedInRoutes: RouteObject[] = [...accountRoutes, ...investorRoutes, ...adminRoutes, ...tenantRoutes, ...institutionRoutes];
