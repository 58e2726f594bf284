import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.ts';
import { buildTestApp, hostOf, type TestApp } from '../../test/build-test-app.ts';
import { signUp } from '../../test/factories.ts';
import { makePdf, metadata, multipart } from '../modules/documents/documents.test-helpers.ts';

/**
 * Issue #21, finding 6: a body sent a byte at a time stayed open for 400 s, and the 431 for oversized headers was not
 * in the error envelope. The app here listens on a real socket with short limits: half a second for a body, two for
 * an upload, one for the headers and for an idle kept-alive connection.
 */
const BODY_MS = 500;
const UPLOAD_MS = 2000;
const HEADERS_MS = 1000;
const KEEP_ALIVE_MS = 1000;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({
    BODY_TIMEOUT_SECONDS: String(BODY_MS / 1000),
    UPLOAD_TIMEOUT_SECONDS: String(UPLOAD_MS / 1000),
    HEADERS_TIMEOUT_SECONDS: String(HEADERS_MS / 1000),
    KEEP_ALIVE_TIMEOUT_SECONDS: String(KEEP_ALIVE_MS / 1000),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  // The first answers build the test's own checks (the response contract): seconds of one core, which would hold the
  // event loop, and so the timers under test, during the first timed exchange.
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    headers: { host: hostOf('acme') },
    payload: { email: 'warm@example.com', password: 'correct-horse-battery' },
  });
  await converse(`GET /api/v1/health/live HTTP/1.1\r\nHost: ${hostOf('acme')}\r\nConnection: close\r\n\r\n`);
});
afterAll(async () => {
  await t?.close();
});

interface Exchange {
  /** Everything the server sent. */
  received: string;
  /** When the server closed the connection, in ms from the first byte sent. */
  closedAfterMs: number;
}

/**
 * Opens a connection, sends `head`, then one byte of `trickle` every `everyMs` until the server closes the
 * connection (or `giveUpMs` passes, which fails the test).
 */
function converse(head: string | Buffer, trickle = '', everyMs = 100, giveUpMs = 10_000): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const started = performance.now();
    const chunks: Buffer[] = [];
    let sent = 0;
    let ticker: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${giveUpMs} ms`));
    }, giveUpMs);
    socket.on('connect', () => {
      socket.write(head);
      if (trickle)
        ticker = setInterval(() => {
          if (sent < trickle.length && socket.writable) socket.write(trickle[sent++]!);
        }, everyMs);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(ticker);
      clearTimeout(giveUp);
      resolve({ received: Buffer.concat(chunks).toString('latin1'), closedAfterMs: performance.now() - started });
    });
  });
}

const statusOf = (received: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]);
const envelopeOf = (received: string) => JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)) as { error: unknown };

describe('a request that trickles in', () => {
  it('is answered 408 in the envelope and closed once its body has taken BODY_TIMEOUT_SECONDS', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'correct-horse-battery' });
    const { received, closedAfterMs } = await converse(
      `POST /api/v1/auth/signin HTTP/1.1\r\nHost: ${hostOf('acme')}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    );
    expect(closedAfterMs).toBeGreaterThanOrEqual(BODY_MS - 50);
    expect(closedAfterMs).toBeLessThan(BODY_MS + 1500);
    expect(statusOf(received)).toBe(408);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(envelopeOf(received).error).toEqual({
      type: 'request-timeout',
      name: 'RequestTimeoutError',
      message: 'The request body did not arrive within 0.5 seconds. Please try again.',
      status: 408,
    });
  });

  it('gives an upload UPLOAD_TIMEOUT_SECONDS, then answers 408 and closes', async () => {
    const owner = await signUp(t.app, 'acme');
    const form = multipart(metadata, [{ name: 'return.pdf', data: makePdf('Slow upload') }]);
    const head =
      `POST /api/v1/document HTTP/1.1\r\nHost: ${hostOf('acme')}\r\nAuthorization: Bearer ${owner.token}\r\n` +
      `Content-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n\r\n`;
    // The fields arrive at once, the file a byte every 100 ms: well past the body limit, still under the upload's.
    const fileStarts = form.payload.indexOf('%PDF');
    const { received, closedAfterMs } = await converse(
      Buffer.concat([Buffer.from(head, 'latin1'), form.payload.subarray(0, fileStarts)]),
      form.payload.subarray(fileStarts).toString('latin1'),
    );
    expect(closedAfterMs).toBeGreaterThanOrEqual(UPLOAD_MS - 50);
    expect(closedAfterMs).toBeLessThan(UPLOAD_MS + 2000);
    expect(statusOf(received)).toBe(408);
    expect(envelopeOf(received).error).toMatchObject({ type: 'request-timeout', status: 408 });
  });

  it('whose headers never end is answered 408 in the envelope and closed after HEADERS_TIMEOUT_SECONDS', async () => {
    const { received, closedAfterMs } = await converse(
      `GET /api/v1/health/live HTTP/1.1\r\nHost: ${hostOf('acme')}\r\n`,
      `X-Slow: ${'a'.repeat(200)}`,
      50,
    );
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 50);
    // Node looks for late requests every quarter of the limit.
    expect(closedAfterMs).toBeLessThan(HEADERS_MS + 1500);
    expect(statusOf(received)).toBe(408);
    expect(envelopeOf(received).error).toEqual({
      type: 'request-timeout',
      name: 'RequestTimeoutError',
      message: 'The request did not arrive in time. Please try again.',
      status: 408,
    });
  });

  it('leaves a body that arrives in time alone, and closes the idle connection after KEEP_ALIVE_TIMEOUT_SECONDS', async () => {
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'correct-horse-battery' });
    const { received, closedAfterMs } = await converse(
      `POST /api/v1/auth/signin HTTP/1.1\r\nHost: ${hostOf('acme')}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(statusOf(received)).toBe(401);
    expect(received).toMatch(/\r\nconnection: keep-alive\r\n/i);
    expect(closedAfterMs).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 50);
    expect(closedAfterMs).toBeLessThan(KEEP_ALIVE_MS + 2000);
  });
});

describe('headers over the size limit', () => {
  it('are answered 431 in the error envelope, and the connection closed', async () => {
    const { received } = await converse(
      `GET /api/v1/health/live HTTP/1.1\r\nHost: ${hostOf('acme')}\r\nCookie: ${'c'.repeat(20 * 1024)}\r\n\r\n`,
    );
    expect(statusOf(received)).toBe(431);
    expect(received).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
    expect(envelopeOf(received).error).toEqual({
      type: 'headers-too-large',
      name: 'HeadersTooLargeError',
      message: 'The request headers are too large',
      status: 431,
    });
  });

  it('and bytes that are not HTTP are answered 400 in the envelope', async () => {
    const { received } = await converse('HELLO THERE\r\n\r\n');
    expect(statusOf(received)).toBe(400);
    expect(envelopeOf(received).error).toMatchObject({ type: 'bad-request', status: 400 });
  });
});

describe('the timeouts in the configuration', () => {
  it('default to 30 s for a body, 300 s for an upload, 20 s for headers, 72 s kept alive and 120 s idle', () => {
    expect(loadConfig({}).timeouts).toEqual({ bodyMs: 30_000, uploadMs: 300_000, headersMs: 20_000, keepAliveMs: 72_000, idleMs: 120_000 });
  });

  it('refuse an upload limit shorter than the body or headers limit', () => {
    expect(() => loadConfig({ BODY_TIMEOUT_SECONDS: '60', UPLOAD_TIMEOUT_SECONDS: '30' })).toThrow(
      /UPLOAD_TIMEOUT_SECONDS: must be at least/,
    );
    expect(() => loadConfig({ BODY_TIMEOUT_SECONDS: '0' })).toThrow(/BODY_TIMEOUT_SECONDS/);
  });
});
