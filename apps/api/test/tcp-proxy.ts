import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy a test controls, standing between the app and a dependency (PostgreSQL, Redis), to simulate losing it
 * without touching the real server: `cut()` drops every open connection and refuses new ones (the server is down),
 * `blackhole()` keeps connections open but passes nothing (a network partition: every read hangs), `restore()` heals.
 */
export interface TcpProxy {
  port: number;
  url(original: string): string;
  cut(): void;
  blackhole(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let mode: 'open' | 'cut' | 'blackhole' = 'open';
  const pairs = new Set<[Socket, Socket]>();

  const server: Server = createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, targetHost);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    // While blackholed nothing is forwarded either way, like a partition; data sent meanwhile is dropped.
    client.on('data', (chunk) => {
      if (mode === 'open') upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (mode === 'open') client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const dropAll = () => {
    for (const [a, b] of pairs) {
      a.destroy();
      b.destroy();
    }
    pairs.clear();
  };

  return {
    port,
    url: (original) => {
      const u = new URL(original);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut: () => {
      mode = 'cut';
      dropAll();
    },
    blackhole: () => {
      mode = 'blackhole';
    },
    restore: () => {
      // Connections that lived through a partition have lost bytes: they are dropped, and clients reconnect.
      if (mode === 'blackhole') dropAll();
      mode = 'open';
    },
    close: async () => {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
