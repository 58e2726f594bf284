import { useMemo } from 'react';
import { useSession } from '../../../lib/session/use-session.ts';
import type { AnalyticsContext } from '../../../lib/analytics.ts';

/** Who is looking, by id only: marketplace events of signed-out visitors carry the tenant alone. */
export function useMarketplaceAnalyticsContext(): AnalyticsContext {
  const { user, tenantId, appType } = useSession();
  const userId = user?._id ?? null;
  return useMemo(() => ({ userId, tenantId, appType }), [userId, tenantId, appType]);
}
