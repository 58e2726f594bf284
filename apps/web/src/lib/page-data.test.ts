import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAuthResult, TENANT_ID } from '../test/fixtures.ts';
import { markAppStarted, pageDataContext, preloadPageData } from './page-data.ts';
import { queryClient } from './query-client.ts';
import { sessionStore } from './session/session-store.ts';
import { tenantContextQueryOptions } from './tenant/get-tenant-context.ts';

afterEach(() => {
  vi.useRealTimers();
  sessionStore.signOut('user');
  queryClient.clear();
});

/** A query whose answer arrives when the test says. */
function heldQuery(key: string) {
  let answer: (value: string) => void = () => undefined;
  const queryFn = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
  return { options: { queryKey: ['page-data-test', key], queryFn }, queryFn, answer: (value: string) => answer(value) };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

// In this order: the app starts once per page load, and this file's module state is the app's.
describe('page data', () => {
  it('knows no session when signed out, and the session and the tenant the page was served for once signed in', () => {
    queryClient.setQueryData(tenantContextQueryOptions().queryKey, { tenantId: TENANT_ID, tenantSlug: null, appType: 'platform' });
    expect(pageDataContext()).toBeNull();
    sessionStore.signIn(makeAuthResult());
    expect(pageDataContext()).toMatchObject({ tenantId: TENANT_ID, session: { authenticated: true } });
  });

  it("holds the visit's first page until its queries answer, and leaves their answers in the cache", async () => {
    const first = heldQuery('first');
    const loading = preloadPageData((client) => [client.prefetchQuery(first.options)]);
    expect(first.queryFn).toHaveBeenCalledTimes(1);
    expect(await settled(loading)).toBe(false);
    first.answer('ready');
    await expect(loading).resolves.toBeNull();
    expect(queryClient.getQueryData(first.options.queryKey)).toBe('ready');
  });

  it('renders the first page anyway after 1.5 s when the API is slow', async () => {
    vi.useFakeTimers();
    const slow = heldQuery('slow');
    const loading = preloadPageData((client) => [client.prefetchQuery(slow.options)]);
    await vi.advanceTimersByTimeAsync(1_400);
    expect(await Promise.race([loading.then(() => 'resolved'), Promise.resolve('waiting')])).toBe('waiting');
    await vi.advanceTimersByTimeAsync(100);
    await expect(loading).resolves.toBeNull();
    // The query goes on: the page's hook picks up its answer.
    slow.answer('late');
    await vi.waitFor(() => expect(queryClient.getQueryData(slow.options.queryKey)).toBe('late'));
  });

  it('only starts the queries of the pages after the first: a navigation does not wait for them', async () => {
    markAppStarted();
    const next = heldQuery('next');
    const loading = preloadPageData((client) => [client.prefetchQuery(next.options)]);
    expect(next.queryFn).toHaveBeenCalledTimes(1);
    expect(await settled(loading)).toBe(true);
  });
});
