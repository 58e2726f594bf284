import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path.ts';

// ASVS 3.7.2: after sign-in the app goes back only to a path of this site.
describe('returnPath', () => {
  it('goes back to the page that sent the user to sign in, with its query and hash', () => {
    expect(returnPath({ from: { pathname: '/investor/workflow/abc', search: '?step=2', hash: '#top' } }, '')).toBe(
      '/investor/workflow/abc?step=2#top',
    );
    expect(returnPath(null, '?redirect=%2Faccount')).toBe('/account');
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'http:/evil.example',
    'javascript:alert(1)',
    'evil.example',
    '',
    '/signin',
  ])('refuses %j and goes home instead', (hostile) => {
    expect(returnPath(null, `?redirect=${encodeURIComponent(hostile)}`)).toBe('/');
    expect(returnPath({ from: { pathname: hostile } }, '')).toBe('/');
  });
});
