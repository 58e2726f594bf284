import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildViewEvent, redactSearch, trackingCookieName, trackingId } from './analytics.ts';

afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('analytics', () => {
  it('keeps one tracking id in the tid cookie', () => {
    const tid = trackingId();
    expect(tid).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(document.cookie).toContain(`tid=${tid}`);
    expect(trackingId()).toBe(tid);
  });

  it('on https names the cookie __Host-tid and sets it Secure for this host and path / only (ASVS 3.3.1)', () => {
    vi.stubGlobal('location', { ...window.location, protocol: 'https:' });
    const written: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void written.push(value));
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('');
    expect(trackingCookieName()).toBe('__Host-tid');
    const tid = trackingId();
    expect(written).toEqual([expect.stringMatching(new RegExp(`^__Host-tid=${tid}; path=/; max-age=\\d+; SameSite=Lax; Secure$`))]);
    expect(written[0]).not.toContain('domain=');
  });

  it('never records link tokens', () => {
    expect(redactSearch('?token=secret&offer=1')).toBe('?token=redacted&offer=1');
  });

  it('builds a view event with ids and page data only', () => {
    window.history.replaceState(null, '', '/password-reset/confirm?token=secret#top');
    const event = buildViewEvent({ userId: 'b2b2b2b2b2b2b2b2b2b2b2b2', tenantId: 'a1a1a1a1a1a1a1a1a1a1a1a1', appType: 'platform' }, null);
    expect(event).toMatchObject({
      type: 'view',
      user: 'b2b2b2b2b2b2b2b2b2b2b2b2',
      tenant: 'a1a1a1a1a1a1a1a1a1a1a1a1',
      client: { path: '/password-reset/confirm' },
      environment: { appType: 'platform', env: 'test' },
      meta: { location: { pathname: '/password-reset/confirm', search: '?token=redacted', hash: '#top' } },
    });
    expect(JSON.stringify(event)).not.toContain('secret');
  });
});
