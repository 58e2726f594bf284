import type { AddressInfo } from 'node:net';
import { decodeTokenPayload, tokenPayload } from '@tessera/domain';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUp } from '../../test/factories.ts';
import { findMember, updateMember } from '../modules/tenants/tenant-members.repository.ts';
import { updateUser } from '../modules/users/users.repository.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

function open(slug: string, token: string, origin?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      auth: { token },
      extraHeaders: { host: `${slug}.localhost:${port}`, ...(origin ? { origin } : {}) },
      timeout: 5000,
      reconnection: false,
    });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

describe('real time', () => {
  it("delivers an event to the user's sockets in that tenant only", async () => {
    const alice = await signUp(t.app, 'acme');
    const bob = await signUp(t.app, 'acme');
    const a = await open('acme', alice.token);
    const b = await open('acme', bob.token);
    const received: string[] = [];
    b.on('ping-test', () => received.push('bob'));
    const got = new Promise((resolve) => a.on('ping-test', resolve));
    t.app.realtime.toUser(t.tenants.acme.id, alice.user._id, 'ping-test', { hello: 'alice' });
    expect(await got).toEqual({ hello: 'alice' });
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toEqual([]);
    a.close();
    b.close();
  });

  it('refuses a missing token and a token of another tenant', async () => {
    const alice = await signUp(t.app, 'acme');
    await expect(open('acme', 'nonsense')).rejects.toThrow('unauthenticated');
    await expect(open('globex', alice.token)).rejects.toThrow('unauthenticated');
  });

  it("opens from the tenant's own page and refuses another site's page (cross-site WebSocket hijacking)", async () => {
    const alice = await signUp(t.app, 'acme');
    const own = await open('acme', alice.token, `http://acme.localhost:${port}`);
    own.close();
    await expect(open('acme', alice.token, 'https://evil.example')).rejects.toThrow();
    await expect(open('acme', alice.token, `http://globex.localhost:${port}`)).rejects.toThrow();
  });

  it('refuses an archived user and a session past SESSION_MAX_HOURS', async () => {
    const dave = await signUp(t.app, 'acme');
    await updateUser(t.app.db, dave.user._id, { archivedAt: new Date() });
    await expect(open('acme', dave.token)).rejects.toThrow('unauthenticated');
    const erin = await signUp(t.app, 'acme');
    // A fresh token whose session began longer ago than the cap (refreshing carries the sign-in time forward).
    const now = t.clock.now();
    const { iat: _iat, exp: _exp, ...claims } = tokenPayload.parse(decodeTokenPayload(erin.token));
    const stretched = await t.app.tokens.signSession({ ...claims, sat: Math.floor(now.getTime() / 1000) - t.app.config.sessionMaxSeconds - 60 }, now);
    await expect(open('acme', stretched)).rejects.toThrow('unauthenticated');
    const fresh = await open('acme', erin.token);
    expect(fresh.connected).toBe(true);
    fresh.close();
  });

  it('refuses a member whose membership has expired', async () => {
    const carol = await signUp(t.app, 'acme');
    const member = await findMember(t.app.db, t.tenants.acme.id, carol.user._id);
    await updateMember(t.app.db, t.tenants.acme.id, member!.id, { expiresAt: new Date(Date.now() - 1_000) });
    await expect(open('acme', carol.token)).rejects.toThrow('forbidden');
  });
});
