import type { AnalyticsEventType, AppType } from '@tessera/domain';
import { useCallback } from 'react';
import { buildEvent, recordEvent } from '../../../lib/analytics.ts';
import { useSession } from '../../../lib/session/use-session.ts';

interface AuthRequestContext {
  appType: AppType;
  tenantId?: string;
  analyticsEvent?: string;
}

/**
 * §7: auth calls carry the app type, the tenant and the id of an analytics event recorded just before.
 * Sign-in and sign-up send the tenant on the platform app only.
 */
export function useAuthRequestContext(eventType: AnalyticsEventType, { tenantOnPlatformOnly = false } = {}) {
  const { appType, tenantId, user } = useSession();
  return useCallback(async (): Promise<AuthRequestContext> => {
    const analyticsEvent = await recordEvent(buildEvent(eventType, { userId: user?._id, tenantId, appType }));
    const sendTenant = tenantId !== null && (!tenantOnPlatformOnly || appType === 'platform');
    return { appType, ...(sendTenant ? { tenantId } : {}), ...(analyticsEvent ? { analyticsEvent } : {}) };
  }, [eventType, tenantOnPlatformOnly, appType, tenantId, user]);
}
