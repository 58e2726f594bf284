import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useSession } from '../session/use-session.ts';
import { realtime, type RealtimeListener, type RealtimeState } from './realtime-connection.ts';

/** Keeps the browser's real-time connection open while signed in and this component is mounted. */
export function useRealtimeConnection(): void {
  const { authenticated, sessionId } = useSession();
  useEffect(() => {
    if (!authenticated || !sessionId) return;
    return realtime.acquire(sessionId);
  }, [authenticated, sessionId]);
}

/** Connected, the last error and the last disconnect reason (000 §8); re-renders the caller when they change. */
export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(realtime.subscribe, realtime.getState);
}

/** Calls the latest `listener` for each `event` the server sends while mounted. */
export function useRealtimeEvent(event: string, listener: RealtimeListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => realtime.on(event, (...args) => latest.current(...args)), [event]);
}
