import type { TenantMember, User } from '@tessera/domain';
import { sessionStore } from '../../lib/session/session-store.ts';

/** Keeps the signed-in session (top bar, theme) in step with what the server just returned about the same user. */
export function syncSession(patch: { user?: User; tenantMember?: TenantMember }): void {
  const { token, refreshToken, sessionId, mfaSetupRequired, user, tenantMember } = sessionStore.getState();
  if (!token || !user || !refreshToken || !sessionId) return;
  if (patch.user && patch.user._id !== user._id) return;
  if (patch.tenantMember && patch.tenantMember.user !== user._id) return;
  sessionStore.signIn({
    token,
    refreshToken,
    sessionId,
    mfaSetupRequired,
    user: patch.user ?? user,
    tenantMember: patch.tenantMember ?? tenantMember,
  });
}
