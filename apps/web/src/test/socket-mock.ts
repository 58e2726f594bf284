type Listener = (...args: unknown[]) => void;

/**
 * Socket.IO's client in the web tests (test/setup.ts mocks 'socket.io-client' with this module): no connection is
 * made; a test reads the sockets the app opened, plays the server's events on them and reads what the app emitted.
 */
export class FakeSocket {
  readonly listeners = new Map<string, Listener[]>();
  /** What the app emitted, in order: `[event, ...args]`. */
  readonly emitted: unknown[][] = [];
  closed = false;
  connected = false;
  /** Socket.IO's `active`: false once the server refused the handshake or the app disconnected. */
  active = true;
  constructor(readonly options: Record<string, unknown>) {}

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  off(event?: string, listener?: Listener): this {
    if (event === undefined) this.listeners.clear();
    else if (listener === undefined) this.listeners.delete(event);
    else
      this.listeners.set(
        event,
        (this.listeners.get(event) ?? []).filter((l) => l !== listener),
      );
    return this;
  }

  /** What the server sending `event` would do ('connect' and 'disconnect' also change `connected`). */
  receive(event: string, ...args: unknown[]): void {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  /** The connection coming up: the server accepted the handshake. */
  connect(): this {
    this.active = true;
    this.receive('connect');
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push([event, ...args]);
    return this;
  }

  /** The arguments of each `event` the app emitted. */
  sent(event: string): unknown[] {
    return this.emitted.filter(([name]) => name === event).map(([, first]) => first);
  }

  disconnect(): this {
    this.active = false;
    this.connected = false;
    return this;
  }

  close(): this {
    this.closed = true;
    return this.disconnect();
  }
}

/** Every socket opened since the last `openedSockets.length = 0`. */
export const openedSockets: FakeSocket[] = [];

export function io(options: Record<string, unknown> = {}): FakeSocket {
  const socket = new FakeSocket(options);
  openedSockets.push(socket);
  return socket;
}
