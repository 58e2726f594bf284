import { errorEnvelope, newObjectId } from '@tessera/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, signUp, type SignedUp } from '../../test/factories.ts';

let t: TestApp;
let owner: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app, 'acme', { role: 'owner' });
});
afterAll(async () => {
  await t?.close();
});

async function call(request: InjectOptions & { url: string }) {
  return t.app.inject({ ...request, headers: { host: owner.host, ...bearer(owner.token), ...request.headers } });
}

async function expectRefused(request: InjectOptions & { url: string }, status: number) {
  const res = await call(request);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/json');
  const body = errorEnvelope.parse(res.json());
  expect(body.error.status).toBe(status);
  return { res, error: body.error };
}

describe('a method the path does not have', () => {
  it('answers 405 with an Allow header listing the methods the path has', async () => {
    const { res, error } = await expectRefused({ method: 'POST', url: `/api/v1/document/${newObjectId()}` }, 405);
    expect(error.type).toBe('method-not-allowed');
    expect(res.headers.allow).toBe('GET, HEAD, DELETE, PUT');
    expect(error.message).toBe('GET, HEAD, DELETE, PUT are allowed here, not POST');
  });

  it('lists HEAD with GET only where GET is', async () => {
    const { res, error } = await expectRefused({ method: 'GET', url: '/api/v1/auth/signin' }, 405);
    expect(res.headers.allow).toBe('POST');
    expect(error.message).toBe('POST is allowed here, not GET');
    expect((await expectRefused({ method: 'DELETE', url: '/api/v1/health/' }, 405)).res.headers.allow).toBe('GET, HEAD');
  });

  it('leaves an unknown path a 404, with no Allow header', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/no-such-thing'],
      ['GET', `/api/v1/document/${newObjectId()}/no-such-part`],
      ['GET', '/api/v1'],
    ] as const) {
      const { res, error } = await expectRefused({ method, url }, 404);
      expect(error.type).toBe('not-found');
      expect(res.headers.allow).toBeUndefined();
    }
  });

  it('lists OPTIONS when CORS answers preflights on every path', async () => {
    const cors = await buildTestApp({ CORS_ORIGINS: 'https://app.example.com' });
    try {
      const res = await cors.app.inject({ method: 'PUT', url: '/api/v1/health', headers: { host: 'acme.localhost' } });
      expect(res.statusCode, res.body).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    } finally {
      await cors.close();
    }
  });
});

describe('a body of a media type the route does not take', () => {
  it('is 415 on a JSON route sent text/plain or a form, naming what the route takes', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
      const { error } = await expectRefused(
        { method: 'POST', url: '/api/v1/auth/signin', headers: { 'content-type': type }, payload: '{"email": "a@example.com"}' },
        415,
      );
      expect(error.type).toBe('unsupported-media-type');
      expect(error.message).toBe(`Unsupported content type ${type.split(';')[0]}: send application/json`);
    }
  });

  it('is 415 on an upload sent JSON, naming multipart/form-data', async () => {
    const { error } = await expectRefused(
      { method: 'POST', url: '/api/v1/image', headers: { 'content-type': 'application/json' }, payload: '{"file": "x"}' },
      415,
    );
    expect(error.message).toBe('Unsupported content type application/json: send multipart/form-data');
  });

  it('still takes JSON with a charset', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a query parameter the route does not define', () => {
  it('is refused with a 400 naming each unknown parameter, on a route with a query schema', async () => {
    const { error } = await expectRefused({ method: 'GET', url: '/api/v1/document?limit=5&foo=1&bar=2&foo=3' }, 400);
    expect(error.type).toBe('validation');
    expect(error.message).toBe('query.foo: unknown parameter; query.bar: unknown parameter');
  });

  it('is refused with a 400 on a route that takes no query at all', async () => {
    const { error } = await expectRefused({ method: 'GET', url: '/api/v1/health?verbose=1' }, 400);
    expect(error.message).toBe('query.verbose: unknown parameter');
  });

  it('leaves the defined parameters, and an empty query, alone', async () => {
    expect((await call({ method: 'GET', url: '/api/v1/document?limit=5&page=1' })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/v1/health?' })).statusCode).toBe(200);
  });

  it('is checked after the access check: an anonymous caller still gets 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/document?foo=1', headers: { host: owner.host } });
    expect(res.statusCode).toBe(401);
  });
});
