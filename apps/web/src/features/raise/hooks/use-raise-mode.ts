import { hasPermission, RAISE_MODE_REFUSED, type RaiseAppMode, type TenantMember } from '@tessera/domain';
import { useCallback } from 'react';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { useUpdateAppMode } from '../api/update-app-mode.ts';

/**
 * Invest or Raise (002 §1), from the member's stored preference. Raise needs institution:manage; the
 * tenant's owners and platform admins pass (the server checks the same).
 */
export function useRaiseMode() {
  const { user, tenantMember } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateAppMode(user?._id ?? '');
  const mode: RaiseAppMode = tenantMember?.preferences.appMode === 'institution' ? 'institution' : 'investor';
  const active = tenantMember?.membershipStatus === 'active';
  const canRaise =
    user?.role === 'admin' || (active && (tenantMember.rbac.role === 'owner' || hasPermission(tenantMember, 'institution:manage')));
  const { mutateAsync } = update;

  /** Stores the mode (and a pick); refusals show as an error toast. Resolves to the updated membership, or null. */
  const setMode = useCallback(
    async (appMode: RaiseAppMode, institution?: string | null): Promise<TenantMember | null> => {
      if ((appMode === 'institution' || institution) && !canRaise) {
        enqueueSnackbar(RAISE_MODE_REFUSED, { variant: 'error' });
        return null;
      }
      try {
        return await mutateAsync({ appMode, ...(institution !== undefined && { institution }) });
      } catch (error) {
        enqueueSnackbar(error instanceof Error ? error.message : RAISE_MODE_REFUSED, { variant: 'error' });
        return null;
      }
    },
    [canRaise, enqueueSnackbar, mutateAsync],
  );

  return {
    mode,
    canRaise,
    institutionId: tenantMember?.preferences.institution ?? null,
    email: user?.email ?? '',
    setMode,
    pending: update.isPending,
  };
}
