import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedInRoutes } from './signed-in-routes.tsx';

/** Routes that render nothing when they are the deepest match (React Router warns "… does not have an element"). */
const leavesWithoutPage = (routes: RouteObject[], parent = ''): string[] =>
  routes.flatMap((r) => {
    const path = r.index ? `${parent} (index)` : `${parent}/${r.path ?? ''}`;
    if (r.children?.length) return leavesWithoutPage(r.children, path);
    return r.element || r.Component || r.lazy ? [] : [path];
  });

describe('the signed-in routes', () => {
  it('give every leaf route a page', () => {
    expect(leavesWithoutPage(signedInRoutes)).toEqual([]);
  });

  it("open the Identity tab at identity/create, the 'Add ID' modal's address, as its deepest match", () => {
    const matches = matchRoutes(signedInRoutes, '/user/passport/individual-profiles/abc/identity/create') ?? [];
    const deepest = matches.at(-1)?.route;
    expect(deepest?.path).toBe('identity/create?');
    expect(deepest?.lazy).toBeDefined();
    expect(matchRoutes(signedInRoutes, '/user/passport/individual-profiles/abc/identity')?.at(-1)?.route).toBe(deepest);
  });

  it("keep the application's wizard at /investor/applications/:id and its details, documents and history beside it", () => {
    const deepest = (path: string) => matchRoutes(signedInRoutes, path)?.at(-1)?.route.path;
    expect(deepest('/investor/applications/abc')).toBe('applications/:applicationId');
    expect(deepest('/investor/applications/abc/details')).toBe('applications/:applicationId/details');
    expect(deepest('/investor/applications/abc/documents')).toBe('applications/:applicationId/documents');
    expect(deepest('/investor/applications/abc/history')).toBe('applications/:applicationId/history');
    expect(deepest('/investor/applications/abc/other')).toBe('*');
  });
});
