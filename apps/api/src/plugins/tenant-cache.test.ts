import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tenants } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { eq } from 'drizzle-orm';
import { TenantCache } from './tenant.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
  vi.useRealTimers();
});

describe('TenantCache', () => {
  it('answers an expired entry at once and refreshes it in the background', async () => {
    const cache = new TenantCache(t.app, 1_000);
    expect((await cache.bySlug('acme'))?.name).toBe('Acme Capital');
    await t.app.db.update(tenants).set({ name: 'Acme Renamed' }).where(eq(tenants.id, t.tenants.acme.id));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1_001);
    expect((await cache.bySlug('acme'))?.name).toBe('Acme Capital'); // stale, but no wait
    await vi.waitFor(async () => expect((await cache.bySlug('acme'))?.name).toBe('Acme Renamed'));
    vi.useRealTimers();
  });

  it('reads again at once after an invalidation, and an unknown slug is null', async () => {
    const cache = new TenantCache(t.app);
    expect((await cache.bySlug('globex'))?.name).toBe('Globex Partners');
    await t.app.db.update(tenants).set({ name: 'Globex Renamed' }).where(eq(tenants.id, t.tenants.globex.id));
    cache.invalidate('globex');
    expect((await cache.bySlug('globex'))?.name).toBe('Globex Renamed');
    expect(await cache.bySlug('no-such-tenant')).toBeNull();
  });
});
