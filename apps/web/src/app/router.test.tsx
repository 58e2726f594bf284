import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppRouter } from './router.tsx';

const hasRoute = (routes: RouteObject[], id: string): boolean => routes.some((r) => r.id === id || hasRoute(r.children ?? [], id));

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
});

async function waitForIdle(router: ReturnType<typeof createAppRouter>) {
  for (let i = 0; i < 300 && (!router.state.initialized || router.state.navigation.state !== 'idle'); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
