import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path.ts';

describe('returnPath (ASVS 3.7.2: after sign-in, only a path of this site)', () => {
  it('goes back to where the person was, query and hash included', () => {
    expect(returnPath({ from: { pathname: '/offers/1', search: '?tab=docs', hash: '#terms' } }, '')).toBe('/offers/1?tab=docs#terms');
    expect(returnPath(null, '?redirect=%2Fuser%2Fpassport')).toBe('/user/passport');
  });

  it.each([
    ['another host posing as a path', '//evil.example/x'],
    ['a backslash browsers read as a slash', '/\\evil.example/x'],
    ['a tab browsers drop', '/\t/evil.example'],
    ['an absolute address', 'https://evil.example/'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'offers'],
    ['an auth page', '/signin'],
  ])('refuses %s and goes home instead', (_why, path) => {
    expect(returnPath(null, `?redirect=${encodeURIComponent(path)}`)).toBe('/');
    expect(returnPath({ from: { pathname: path } }, '')).toBe('/');
  });
});
