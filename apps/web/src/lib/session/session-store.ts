import { appMode, AUTH_ERRORS, authResult, decodeTokenPayload, tokenState, type AppMode, type AuthResult } from '@tessera/domain';
import { z } from 'zod';
import { onMfaSetupRequired, onSessionRejected } from '../api-client.ts';
import { readJson, removeKey, STORAGE_KEYS, writeJson } from '../storage.ts';

export interface SessionState {
  token: string | null;
  /** Single use: trades for a new token and a new refresh token (POST auth/token-refresh). */
  refreshToken: string | null;
  /** The server-side session this browser holds (the account page marks it). */
  sessionId: string | null;
  /** The tenant requires a second factor and this member has none: only the security settings are open. */
  mfaSetupRequired: boolean;
  user: AuthResult['user'] | null;
  tenantMember: AuthResult['tenantMember'];
  authenticated: boolean;
  /** True after the session ended by itself at token expiry, until the next sign-in. */
  autoSignout: boolean;
  /** Why the server ended the session, when it said (a suspension): sign-in shows it instead of the expiry text. */
  signoutMessage: string | null;
  /** The mode chosen in this browser tab; null means the app type's default. */
  appMode: AppMode | null;
}

type SignOutReason = 'user' | 'expired';

const appConfig = z.object({ appMode: appMode.nullable() });

/** setTimeout's largest delay; a later expiry is checked again when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const SIGNED_OUT: SessionState = {
  token: null,
  refreshToken: null,
  sessionId: null,
  mfaSetupRequired: false,
  user: null,
  tenantMember: null,
  authenticated: false,
  autoSignout: false,
  signoutMessage: null,
  appMode: null,
};

/** When the token expires, in epoch milliseconds. */
export function tokenExpiresAt(token: string | null): number | null {
  const exp = token ? decodeTokenPayload(token)?.exp : undefined;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** §4: a stored token is used only if it decodes, has an exp and is not expired; anything else resets the session. */
function load(): SessionState {
  const stored = authResult.safeParse(readJson(localStorage, STORAGE_KEYS.session));
  if (stored.success && tokenState(stored.data.token) === 'valid') {
    const config = appConfig.safeParse(readJson(sessionStorage, STORAGE_KEYS.appConfig));
    // The member's stored mode (Raise mode, 002 §1) wins over this tab's; the tab's covers members without one.
    const appMode = stored.data.tenantMember?.preferences.appMode ?? (config.success ? config.data.appMode : null);
    return { ...stored.data, authenticated: true, autoSignout: false, signoutMessage: null, appMode };
  }
  removeKey(localStorage, STORAGE_KEYS.session);
  removeKey(sessionStorage, STORAGE_KEYS.appConfig);
  return SIGNED_OUT;
}

/** What is kept in storage of a signed-in state (the AuthResult it came from). */
function storedSession(state: SessionState): AuthResult {
  return {
    token: state.token ?? '',
    refreshToken: state.refreshToken ?? '',
    sessionId: state.sessionId ?? '',
    mfaSetupRequired: state.mfaSetupRequired,
    user: state.user as AuthResult['user'],
    tenantMember: state.tenantMember,
  };
}

export function createSessionStore() {
  let state = load();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  function set(next: SessionState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function scheduleSignOut() {
    clearTimeout(timer);
    const expiresAt = tokenExpiresAt(state.token);
    if (expiresAt === null) return;
    const delay = Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS);
    timer = setTimeout(() => {
      if (tokenState(state.token) === 'valid') scheduleSignOut();
      else signOut('expired');
    }, delay);
  }

  /** Sign-in, sign-up, refresh, reset confirm, password update and invite accept all end here (§4). */
  function signIn(result: AuthResult) {
    writeJson(localStorage, STORAGE_KEYS.session, result);
    set({
      ...result,
      authenticated: true,
      autoSignout: false,
      signoutMessage: null,
      appMode: result.tenantMember?.preferences.appMode ?? state.appMode,
    });
    scheduleSignOut();
  }

  /** Clears all session state, stored and in memory; `message` is the server's reason, shown on sign-in. */
  function signOut(reason: SignOutReason, message: string | null = null) {
    clearTimeout(timer);
    removeKey(localStorage, STORAGE_KEYS.session);
    removeKey(sessionStorage, STORAGE_KEYS.appConfig);
    set({ ...SIGNED_OUT, autoSignout: reason === 'expired', signoutMessage: message });
  }

  function setAppMode(mode: AppMode) {
    writeJson(sessionStorage, STORAGE_KEYS.appConfig, { appMode: mode });
    set({ ...state, appMode: mode });
  }

  /** The membership changed on the server (mode, picked institution): keep it, and follow its mode in this tab. */
  function updateTenantMember(tenantMember: NonNullable<AuthResult['tenantMember']>) {
    if (!state.authenticated || !state.token || !state.user) return;
    writeJson(localStorage, STORAGE_KEYS.session, { ...storedSession(state), tenantMember } satisfies AuthResult);
    const appMode = tenantMember.preferences.appMode ?? state.appMode;
    if (appMode) writeJson(sessionStorage, STORAGE_KEYS.appConfig, { appMode });
    set({ ...state, tenantMember, appMode });
  }

  /** The user changed on the server (the onboarding stage moved on): keep the session's copy in step. */
  function updateUser(user: NonNullable<AuthResult['user']>) {
    if (!state.authenticated || !state.token || state.user?._id !== user._id) return;
    writeJson(localStorage, STORAGE_KEYS.session, { ...storedSession(state), user } satisfies AuthResult);
    set({ ...state, user });
  }

  /**
   * Whether the tenant still waits for this member to set up a second factor: set by a call the server refused for it,
   * cleared once a factor is enrolled. Kept in storage, so a reload keeps the member on the setup screen.
   */
  function setMfaSetupRequired(mfaSetupRequired: boolean) {
    if (!state.authenticated || !state.token || !state.user || state.mfaSetupRequired === mfaSetupRequired) return;
    const next = { ...state, mfaSetupRequired };
    writeJson(localStorage, STORAGE_KEYS.session, storedSession(next));
    set(next);
  }

  /** Another tab signed in or out: follow it. */
  function onStorage(event: StorageEvent) {
    if (event.key !== STORAGE_KEYS.session) return;
    set(load());
    scheduleSignOut();
  }
  window.addEventListener('storage', onStorage);
  // The server refused the session (signed out elsewhere, password changed, member removed or suspended): sign out
  // here too, keeping the server's reason for the sign-in page (a suspension's, the session was ended) unless it is
  // the expiry text sign-in already shows. (Not matched against account-security's texts: importing them would put all
  // its schemas in the first screens' bundle.)
  const stopListening = onSessionRejected((error) => {
    const kept = error.status === 403 || error.message !== AUTH_ERRORS.sessionExpired;
    if (state.authenticated) signOut('expired', kept ? error.message : null);
  });
  const stopSetupListening = onMfaSetupRequired(() => setMfaSetupRequired(true));
  scheduleSignOut();

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn,
    signOut,
    setAppMode,
    updateTenantMember,
    updateUser,
    setMfaSetupRequired,
    /** Stops the timer and the cross-tab listener (tests). */
    dispose() {
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
      stopListening();
      stopSetupListening();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const sessionStore = createSessionStore();
