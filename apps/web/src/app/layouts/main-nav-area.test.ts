import { describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../features/auth/index.ts';
import { showsMainNav } from './main-nav-area.ts';

describe('showsMainNav', () => {
  it('shows on every signed-in page outside the areas with their own navigation', () => {
    for (const path of [
      '/',
      '/marketplace/offers',
      '/marketplace/offers/x/home',
      '/document',
      '/user/passport/account',
      '/settings',
      '/tenant/list',
    ])
      expect(showsMainNav(path, AUTH_PATHS), path).toBe(true);
  });

  it('steps aside in tenant admin, platform admin and Raise mode, and on the sign-in pages', () => {
    for (const path of ['/tenant', '/tenant/dashboard', '/admin', '/admin/tenant', '/institution/dashboard', '/signin', '/signup'])
      expect(showsMainNav(path, AUTH_PATHS), path).toBe(false);
    // Only whole segments: a page that merely starts with the same letters is not in the area.
    expect(showsMainNav('/tenants-guide', AUTH_PATHS)).toBe(true);
  });
});
