import { EARLY_GETS_GLOBAL, type EarlyGets } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse } from '../test/fetch-mock.ts';
import { api } from './api-client.ts';
import { takeEarlyGet } from './early-gets.ts';
import { STORAGE_KEYS } from './storage.ts';

const item = z.object({ id: z.string() });
const TOKEN = 'abc.def.ghi';

/** What the page's inline script leaves (apps/api web-shell/early-gets.ts). */
function early(gets: Record<string, Promise<Response>>, token = TOKEN): EarlyGets {
  const value = { token, gets, json: {} };
  (window as unknown as Record<string, EarlyGets>)[EARLY_GETS_GLOBAL] = value;
  return value;
}

function network() {
  const fetchMock = vi.fn(async () => jsonResponse({ data: { id: 'from the network' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// A page a moment old (the suite's worker has been running for longer than the answers may be).
beforeEach(() => {
  vi.spyOn(performance, 'now').mockReturnValue(1_000);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  delete (window as unknown as Record<string, unknown>)[EARLY_GETS_GLOBAL];
});

describe("the page's early GETs", () => {
  it('answer the first GET of their path with this token, once; the next goes to the network', async () => {
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ token: TOKEN }));
    early({ '/api/v1/thing?a=1': Promise.resolve(jsonResponse({ data: { id: 'early' } })) });
    const fetchMock = network();
    await expect(api.get('/thing?a=1', item)).resolves.toEqual({ id: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(api.get('/thing?a=1', item)).resolves.toEqual({ id: 'from the network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('answer only the same path, only a GET, and only with the token they were sent with', async () => {
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ token: 'another.session.token' }));
    const stored = early({
      '/api/v1/thing': Promise.resolve(jsonResponse({ data: { id: 'early' } })),
      '/api/v1/other': Promise.resolve(jsonResponse({ data: { id: 'early' } })),
    });
    const fetchMock = network();
    await expect(api.get('/thing', item)).resolves.toEqual({ id: 'from the network' });
    // Dropped with it: no later request takes it either.
    expect(stored.gets['/api/v1/thing']).toBeUndefined();
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ token: TOKEN }));
    await expect(api.get('/thing?b=2', item)).resolves.toEqual({ id: 'from the network' });
    await expect(api.post('/other', {}, item)).resolves.toEqual({ id: 'from the network' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // Signed out: none.
    localStorage.clear();
    expect(takeEarlyGet('/api/v1/other', null)).toBeUndefined();
  });

  it('are errors as the network would answer them, and asked again when they never arrived', async () => {
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ token: TOKEN }));
    const refused = jsonResponse(
      { error: { type: 'not-found', name: 'NotFoundError', message: 'Institution not found', status: 404 } },
      404,
    );
    early({ '/api/v1/gone': Promise.resolve(refused), '/api/v1/lost': Promise.reject(new TypeError('Failed to fetch')) });
    const fetchMock = network();
    await expect(api.get('/gone', item)).rejects.toMatchObject({ status: 404, message: 'Institution not found' });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(api.get('/lost', item)).resolves.toEqual({ id: 'from the network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are not taken once the page is older than its answers may be', () => {
    early({ '/api/v1/thing': Promise.resolve(jsonResponse({ data: { id: 'early' } })) });
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    expect(takeEarlyGet('/api/v1/thing', TOKEN)).toBeUndefined();
  });
});
