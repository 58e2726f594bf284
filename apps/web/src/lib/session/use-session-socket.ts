import {
  ACCOUNT_SECURITY_TEXTS,
  AUTH_ERRORS,
  SESSION_ENDED_EVENT,
  SESSION_ENDING_REFUSALS,
  sessionEndedEvent,
  type SessionEndReason,
} from '@tessera/domain';
import { useRealtimeConnection, useRealtimeEvent } from '../realtime/use-realtime.ts';
import { sessionStore } from './session-store.ts';
import { useSession } from './use-session.ts';

/** What the sign-in page says after a session ended, when the reason has words of its own. */
const END_TEXTS: Partial<Record<SessionEndReason, string>> = {
  'account-suspended': AUTH_ERRORS.accountSuspended,
  'membership-suspended': AUTH_ERRORS.membershipSuspended,
};

/** The handshake refusals that mean this session is over. */
const ENDING_REFUSALS: readonly string[] = [ACCOUNT_SECURITY_TEXTS.sessionEnded, ...SESSION_ENDING_REFUSALS];

/** Signs this browser out with `text` for the sign-in page, if it still holds the session that ended. */
function sessionEnded(sessionId: string, text: string = ACCOUNT_SECURITY_TEXTS.sessionEnded): void {
  const state = sessionStore.getState();
  if (state.authenticated && state.sessionId === sessionId) sessionStore.signOut('expired', text);
}

/**
 * While signed in, the real-time socket tells this browser at once when its session ends anywhere (signed out from
 * another browser, a password change, a suspension): it signs out and the sign-in page says why, without waiting for
 * the next call to be refused. The socket is the browser's shared one (lib/realtime), whose Socket.IO client loads
 * only then, so the first screens stay within their budget; a socket that cannot connect changes nothing (the next
 * call finds out).
 */
export function useSessionSocket(): void {
  const { sessionId } = useSession();
  useRealtimeConnection();
  useRealtimeEvent(SESSION_ENDED_EVENT, (event) => {
    if (!sessionId) return;
    const parsed = sessionEndedEvent.safeParse(event);
    sessionEnded(sessionId, (parsed.success && END_TEXTS[parsed.data.reason]) || undefined);
  });
  // Ended (or suspended) while this browser was away, asleep or offline: the handshake says so.
  useRealtimeEvent('connect_error', (error) => {
    if (sessionId && error instanceof Error && ENDING_REFUSALS.includes(error.message)) sessionEnded(sessionId, error.message);
  });
}
