import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

const MAX_RETRIES = 2;

/** Client errors (4xx) are answers, not glitches: they are never retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * Drops the cached answers of something just deleted, once no screen watches them any more. Removing a query while its
 * page is still mounted (the navigation away renders a moment later) makes that page ask for it again and get a 404.
 */
export function forgetOnceUnwatched(client: QueryClient, queryKey: readonly unknown[]): void {
  const cache = client.getQueryCache();
  const watched = () => cache.findAll({ queryKey }).some((query) => query.getObserversCount() > 0);
  if (!watched()) {
    client.removeQueries({ queryKey });
    return;
  }
  const unsubscribe = cache.subscribe((event) => {
    if (event.type !== 'observerRemoved' || watched()) return;
    unsubscribe();
    client.removeQueries({ queryKey });
  });
}
