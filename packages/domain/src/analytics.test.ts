import { describe, expect, it } from 'vitest';
import { ANALYTICS_BATCH_MAX, analyticsBody, analyticsEventInput } from './analytics.ts';

/** An event with every field §3 lists. */
const fullEvent = {
  type: 'offer-view',
  tid: 'tid_0123456789abcdef',
  user: '65a1f0c2e4b0a1b2c3d4e5f6',
  tenant: '65a1f0c2e4b0a1b2c3d4e5f7',
  client: { path: '/offers/1', title: 'Offer', referrer: 'https://example.com/' },
  environment: { protocol: 'https:', host: 'acme.example.com', env: 'production', version: '1.2.3', appType: 'platform' },
  userAgent: 'Mozilla/5.0',
  meta: {
    location: { pathname: '/offers/1', search: '?tab=docs', hash: '#top' },
    origin: 'https://acme.example.com',
    state: { from: 'marketplace', index: 3, pinned: false, extra: null },
  },
  offer: '65a1f0c2e4b0a1b2c3d4e5f8',
  institution: '65a1f0c2e4b0a1b2c3d4e5f9',
  document: '65a1f0c2e4b0a1b2c3d4e5fa',
  image: '65a1f0c2e4b0a1b2c3d4e5fb',
};

describe('analyticsEventInput', () => {
  it('accepts the spec shape', () => {
    expect(analyticsEventInput.parse(fullEvent)).toEqual(fullEvent);
  });

  it('needs only a type and a tracking id', () => {
    expect(analyticsEventInput.safeParse({ type: 'view', tid: 'abcdefgh' }).success).toBe(true);
    expect(analyticsEventInput.safeParse({ type: 'view', tid: 'abcdefgh', user: null, tenant: null }).success).toBe(true);
    expect(analyticsEventInput.safeParse({ tid: 'abcdefgh' }).success).toBe(false);
    expect(analyticsEventInput.safeParse({ type: 'view' }).success).toBe(false);
  });

  it.each([
    ['at the top level', { ...fullEvent, email: 'ana@example.com' }],
    ['in client', { ...fullEvent, client: { ...fullEvent.client, cookie: 'x' } }],
    ['in environment', { ...fullEvent, environment: { ...fullEvent.environment, secret: 'x' } }],
    ['in meta', { ...fullEvent, meta: { ...fullEvent.meta, password: 'x' } }],
    ['in meta.location', { ...fullEvent, meta: { ...fullEvent.meta, location: { pathname: '/', href: 'https://x' } } }],
  ])('rejects unknown keys %s', (_label, event) => {
    expect(analyticsEventInput.safeParse(event).success).toBe(false);
  });

  it.each([
    ['an unknown type', { type: 'hover' }],
    ['a short tid', { tid: 'short' }],
    ['a tid with odd characters', { tid: 'abc def ghi' }],
    ['a malformed user id', { user: 'ana' }],
    ['an unknown app type', { environment: { appType: 'mobile' } }],
    ['nested state', { meta: { state: { deep: { a: 1 } } } }],
    ['a long state value', { meta: { state: { s: 'x'.repeat(257) } } }],
    ['an overlong path', { client: { path: `/${'x'.repeat(2048)}` } }],
  ])('rejects %s', (_label, patch) => {
    expect(analyticsEventInput.safeParse({ ...fullEvent, ...patch }).success).toBe(false);
  });
});

describe('analyticsBody', () => {
  const event = { type: 'view', tid: 'abcdefgh' };

  it('takes one event or a batch', () => {
    expect(analyticsBody.safeParse(event).success).toBe(true);
    expect(analyticsBody.safeParse([event, fullEvent]).success).toBe(true);
  });

  it('takes at most 50 events at once, and at least one', () => {
    expect(ANALYTICS_BATCH_MAX).toBe(50);
    expect(analyticsBody.safeParse(Array.from({ length: 50 }, () => event)).success).toBe(true);
    expect(analyticsBody.safeParse(Array.from({ length: 51 }, () => event)).success).toBe(false);
    expect(analyticsBody.safeParse([]).success).toBe(false);
  });

  it('rejects a batch holding one bad event', () => {
    expect(analyticsBody.safeParse([event, { ...event, type: 'nope' }]).success).toBe(false);
  });
});

describe('redactUrlSecrets', () => {
  it('replaces secret-bearing parameters and keeps the rest', async () => {
    const { redactUrlSecrets } = await import('./analytics.ts');
    expect(redactUrlSecrets('/invite-accept?token=abc.def&x=1')).toBe('/invite-accept?token=redacted&x=1');
    expect(redactUrlSecrets('?resetToken=abc')).toBe('?resetToken=redacted');
    expect(redactUrlSecrets('http://a.localhost/p?email=a%40b.com#top')).toBe('http://a.localhost/p?email=redacted#top');
    expect(redactUrlSecrets('/plain/path')).toBe('/plain/path');
    expect(redactUrlSecrets('/offers?offer=1&cta=primary')).toBe('/offers?offer=1&cta=primary');
    expect(redactUrlSecrets('/x?birthDate=1980-01-02&dob=1980-01-02&ssn=987-65-4320')).toBe(
      '/x?birthDate=redacted&dob=redacted&ssn=redacted',
    );
  });
});
