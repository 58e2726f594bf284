import { errorEnvelope } from '@tessera/domain';
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

async function expectRefused(
  request: { method: 'GET' | 'PUT' | 'POST'; url: string; payload?: string; headers?: Record<string, string> },
  status = 400,
) {
  const res = await t.app.inject({ ...request, headers: { ...request.headers, host: owner.host, ...bearer(owner.token) } });
  expect(res.statusCode, res.body).toBe(status);
  expect(errorEnvelope.parse(res.json()).error.status).toBe(status);
  return res.json() as { error: { message: string } };
}

describe('requests the router refuses before any route runs', () => {
  it('answers a path that is not valid UTF-8 with a 400 in the error envelope', async () => {
    await expectRefused({ method: 'GET', url: '/api/v1/document/%ED%A0%80' });
  });

  it('answers a path parameter over the length limit with a 400 in the error envelope', async () => {
    await expectRefused({ method: 'GET', url: `/api/v1/document/${'x'.repeat(1000)}` });
  });
});

describe('text PostgreSQL cannot store', () => {
  const json = { 'content-type': 'application/json' };

  it('is refused with a 400 naming the field when a body field holds a NUL character', async () => {
    const body = await expectRefused({
      method: 'PUT',
      url: `/api/v1/user/${owner.user._id}`,
      headers: json,
      payload: '{"middlename": "a\\u0000b"}',
    });
    expect(body.error.message).toContain('body.middlename');
  });

  it('is refused with a 400 when a jsonb field holds an unpaired surrogate', async () => {
    const url = `/api/v1/tenant/${t.tenants.acme.id}/branding/messaging`;
    await expectRefused({
      method: 'PUT',
      url,
      headers: json,
      payload: '{"welcomeTitle": "x\\ud800y", "welcomeText": "x", "promoCards": []}',
    });
  });

  it('is refused with a 400 in a query or a path parameter', async () => {
    await expectRefused({ method: 'GET', url: '/api/v1/admin/offer?search=a%00b' }, 403);
    const admin = await signUp(t.app, 'acme', { admin: true });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/offer?search=a%00b',
      headers: { host: admin.host, ...bearer(admin.token) },
    });
    expect(res.statusCode, res.body).toBe(400);
    await expectRefused({ method: 'GET', url: `/api/v1/tenant/${t.tenants.acme.id}/marketplace/offers/a%00b` });
  });
});

describe('a multipart upload', () => {
  it('answers a truncated body with a 400, not a 500', async () => {
    const payload = '--x\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc';
    const body = await expectRefused({
      method: 'POST',
      url: '/api/v1/image',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload,
    });
    expect(body.error.message).toBe('The multipart body is malformed');
  });
});
