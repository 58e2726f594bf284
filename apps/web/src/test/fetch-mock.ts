import { vi } from 'vitest';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** `url` carries the query string, for handlers that answer by page or filter. */
type Handler = (path: string, init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

/**
 * Replaces fetch: analytics posts are answered with an id, everything else goes to `handler`.
 * Returns the mock to inspect calls.
 */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/analytics')
      return jsonResponse({ data: { ids: ['c3c3c3c3c3c3c3c3c3c3c3c3'], recorded: 1, dropped: { invalid: 0, bot: 0, duplicate: 0 } } });
    return handler(url.pathname, init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to one API path. */
export function sentBodies(fetchMock: ReturnType<typeof mockFetch>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === path && init?.body !== undefined)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}
