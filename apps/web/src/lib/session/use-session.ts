import { defaultAppMode, type AppMode, type AppType } from '@tessera/domain';
import { useMemo, useSyncExternalStore } from 'react';
import { useTenant } from '../tenant/use-tenant.ts';
import { sessionStore, type SessionState } from './session-store.ts';

/** The auth state of §3. */
interface AuthState extends Omit<SessionState, 'appMode'> {
  tenantId: string | null;
  appMode: AppMode;
  appType: AppType;
}

export function useSession(): AuthState {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);
  const { tenantId, appType } = useTenant();
  return useMemo(
    () => ({
      ...session,
      tenantId: tenantId ?? session.tenantMember?.tenant ?? null,
      appType,
      appMode: session.appMode ?? defaultAppMode[appType],
    }),
    [session, tenantId, appType],
  );
}
