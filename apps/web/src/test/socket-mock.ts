type Listener = (...args: unknown[]) => void;

/**
 * Socket.IO's client in the web tests (test/setup.ts mocks 'socket.io-client' with this module): no connection is
 * made; a test reads the sockets the app opened and plays the server's events on them.
 */
export class FakeSocket {
  readonly listeners = new Map<string, Listener[]>();
  closed = false;
  constructor(readonly options: Record<string, unknown>) {}

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  /** What the server sending `event` would do. */
  receive(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  close(): this {
    this.closed = true;
    return this;
  }
}

/** Every socket opened since the last `openedSockets.length = 0`. */
export const openedSockets: FakeSocket[] = [];

export function io(options: Record<string, unknown> = {}): FakeSocket {
  const socket = new FakeSocket(options);
  openedSockets.push(socket);
  return socket;
}
