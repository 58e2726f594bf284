import { ACCOUNT_SECURITY_TEXTS, AUTH_ERRORS } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from '../api-client.ts';
import { STORAGE_KEYS } from '../storage.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeAuthResult, makeToken } from '../../test/fixtures.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';

let store: SessionStore | undefined;
function loadStore() {
  store = createSessionStore();
  return store;
}

function storeSession(token: string) {
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ ...makeAuthResult(), token }));
}

afterEach(() => {
  store?.dispose();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('session store', () => {
  it('restores a stored session whose token is valid', () => {
    const { token } = makeAuthResult(600);
    storeSession(token);
    expect(loadStore().getState()).toMatchObject({ token, authenticated: true, autoSignout: false, user: { email: 'ada@example.com' } });
  });

  it.each([
    ['expired', makeAuthResult(-10).token],
    ['without exp', makeToken({ userId: 'x' })],
    ['garbage', 'not-a-jwt'],
  ])('resets when the stored token is %s', (_label, token) => {
    storeSession(token);
    sessionStorage.setItem(STORAGE_KEYS.appConfig, JSON.stringify({ appMode: 'institution' }));
    expect(loadStore().getState()).toMatchObject({ token: null, user: null, authenticated: false, appMode: null });
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.appConfig)).toBeNull();
  });

  it('resets when the stored session is not JSON', () => {
    localStorage.setItem(STORAGE_KEYS.session, '{oops');
    expect(loadStore().getState().authenticated).toBe(false);
  });

  it('signs out by itself when the token expires', () => {
    vi.useFakeTimers();
    const sessions = loadStore();
    const listener = vi.fn();
    sessions.subscribe(listener);
    sessions.signIn(makeAuthResult(60));
    expect(sessions.getState().authenticated).toBe(true);

    vi.advanceTimersByTime(59_000);
    expect(sessions.getState().authenticated).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(sessions.getState()).toMatchObject({ authenticated: false, autoSignout: true, token: null });
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(listener).toHaveBeenCalled();
  });

  it('sign-out clears all state, stored and in memory', () => {
    const sessions = loadStore();
    sessions.signIn(makeAuthResult());
    sessions.setAppMode('institution');
    expect(sessions.getState().appMode).toBe('institution');

    sessions.signOut('user');
    expect(sessions.getState()).toEqual({
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
    });
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.appConfig)).toBeNull();
  });

  it('keeps the app mode in session storage', () => {
    const sessions = loadStore();
    sessions.signIn(makeAuthResult());
    sessions.setAppMode('institution');
    sessions.dispose();
    expect(loadStore().getState().appMode).toBe('institution');
  });

  it('signs out when the server refuses the session on a call that carried it, and not for a signed-out call', async () => {
    const sessions = loadStore();
    mockFetch(() =>
      jsonResponse(
        {
          error: {
            type: 'unauthenticated',
            name: 'AuthenticationError',
            message: 'Your session has expired. Please sign in again.',
            status: 401,
          },
        },
        401,
      ),
    );
    await expect(api.get('/auth/whatever', z.unknown())).rejects.toThrow('Your session has expired');
    expect(sessions.getState().authenticated).toBe(false);

    sessions.signIn(makeAuthResult());
    await expect(api.get('/user/me', z.unknown())).rejects.toThrow('Your session has expired');
    expect(sessions.getState()).toMatchObject({ authenticated: false, autoSignout: true, token: null });
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    vi.unstubAllGlobals();
  });

  it('signs out with the reason when a call is refused because the member was suspended, and not for any other 403', async () => {
    const sessions = loadStore();
    const refuse = (message: string) =>
      mockFetch(() => jsonResponse({ error: { type: 'forbidden', name: 'ForbiddenError', message, status: 403 } }, 403));
    sessions.signIn(makeAuthResult());
    refuse('Only platform admins can do this');
    await expect(api.get('/admin/thing', z.unknown())).rejects.toThrow('Only platform admins');
    expect(sessions.getState().authenticated).toBe(true);

    refuse(AUTH_ERRORS.membershipSuspended);
    await expect(api.get('/document', z.unknown())).rejects.toThrow(AUTH_ERRORS.membershipSuspended);
    expect(sessions.getState()).toMatchObject({
      authenticated: false,
      autoSignout: true,
      signoutMessage: AUTH_ERRORS.membershipSuspended,
      token: null,
    });
    // Signing in again clears the reason.
    sessions.signIn(makeAuthResult());
    expect(sessions.getState().signoutMessage).toBeNull();
    vi.unstubAllGlobals();
  });

  it('keeps the session-ended text when a call is refused because the session was ended elsewhere', async () => {
    const sessions = loadStore();
    sessions.signIn(makeAuthResult());
    mockFetch(() =>
      jsonResponse(
        { error: { type: 'unauthenticated', name: 'AuthenticationError', message: ACCOUNT_SECURITY_TEXTS.sessionEnded, status: 401 } },
        401,
      ),
    );
    await expect(api.get('/user/me', z.unknown())).rejects.toThrow(ACCOUNT_SECURITY_TEXTS.sessionEnded);
    expect(sessions.getState()).toMatchObject({
      authenticated: false,
      autoSignout: true,
      signoutMessage: ACCOUNT_SECURITY_TEXTS.sessionEnded,
    });
    vi.unstubAllGlobals();
  });
});
