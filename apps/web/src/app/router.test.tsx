import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppRouter } from './router.tsx';

const hasRoute = (routes: RouteObject[], id: string): boolean => routes.some((r) => r.id === id || hasRoute(r.children ?? [], id));
/** The signed-in guard's direct children with the given path. */
const areaRoutes = (routes: RouteObject[], path: string): RouteObject[] =>
  routes.flatMap((r) => (r.id === 'signed-in' ? (r.children ?? []).filter((c) => c.path === path) : areaRoutes(r.children ?? [], path)));

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the app router', () => {
  it('loads the signed-in table only for a path the public routes do not match', async () => {
    window.history.replaceState(null, '', '/marketplace/offers/harbor-point/home');
    const router = createAppRouter();
    await waitForIdle(router);
    expect(router.state.location.pathname).toBe('/marketplace/offers/harbor-point/home');
    expect(hasRoute(router.routes, 'signed-in')).toBe(false);

    await router.navigate('/user/settings');
    await waitForIdle(router);
    expect(hasRoute(router.routes, 'signed-in')).toBe(true);
    router.dispose();
  }, 30_000);

  it("loads each signed-in area's table on the first visit to it, once", async () => {
    window.history.replaceState(null, '', '/investor/dashboard');
    const router = createAppRouter();
    await waitForIdle(router);
    expect(areaRoutes(router.routes, 'investor')).toHaveLength(1);
    // The other areas' tables are not loaded with it.
    for (const path of ['institution', 'tenant', 'admin', 'user/:product']) expect(areaRoutes(router.routes, path)).toHaveLength(0);

    await router.navigate('/institution/leads');
    await waitForIdle(router);
    expect(areaRoutes(router.routes, 'institution')).toHaveLength(1);
    await router.navigate('/investor/investments');
    await waitForIdle(router);
    expect(areaRoutes(router.routes, 'investor')).toHaveLength(1);
    expect(areaRoutes(router.routes, 'user/:product')).toHaveLength(0);

    // Any other address loads the account table: the bare root (the signed-in home), the passport, and a mistyped
    // address (still the 404).
    await router.navigate('/');
    await waitForIdle(router);
    expect(router.state.matches.at(-1)?.route.index).toBe(true);
    expect(areaRoutes(router.routes, 'user/:product')).toHaveLength(1);
    await router.navigate('/no-such-page');
    await waitForIdle(router);
    expect(areaRoutes(router.routes, 'user/:product')).toHaveLength(1);
    expect(router.state.matches.at(-1)?.route.path).toBe('*');
    router.dispose();
  }, 30_000);

  it('adds an area whose first navigation was replaced by another before its table arrived', async () => {
    window.history.replaceState(null, '', '/marketplace/offers');
    const router = createAppRouter();
    await waitForIdle(router);
    // The second navigation aborts the first while the investor table loads: React Router drops that one's patch.
    void router.navigate('/investor/dashboard');
    await router.navigate('/marketplace/offers');
    await waitForIdle(router);
    await router.navigate('/investor/dashboard');
    await waitForIdle(router);
    expect(router.state.matches.at(-1)?.route.path).toBe('dashboard');
    expect(areaRoutes(router.routes, 'investor')).toHaveLength(1);
    router.dispose();
  }, 30_000);
});

async function waitForIdle(router: ReturnType<typeof createAppRouter>) {
  for (let i = 0; i < 300 && (!router.state.initialized || router.state.navigation.state !== 'idle'); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
