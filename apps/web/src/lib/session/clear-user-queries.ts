import type { QueryClient } from '@tanstack/react-query';

/** After sign-out nothing of the user stays cached; the tenant bootstrap does. */
export function clearUserQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'tenant' });
}
