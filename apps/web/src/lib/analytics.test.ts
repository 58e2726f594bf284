import { afterEach, describe, expect, it } from 'vitest';
import { buildViewEvent, redactSearch, trackingId } from './analytics.ts';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('analytics', () => {
  it('keeps one tracking id in the tid cookie', () => {
    const tid = trackingId();
    expect(tid).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(document.cookie).toContain(`tid=${tid}`);
    expect(trackingId()).toBe(tid);
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
