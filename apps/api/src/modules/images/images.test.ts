import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timelineEvents } from '../../db/schema/index.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, signUp, type SignedUp } from '../../../test/factories.ts';
import { makePdf, multipart, PNG } from '../documents/documents.test-helpers.ts';
import { headerSize } from '../../lib/image-variants/image-variant-task.ts';
import { gradientPng } from '../../lib/image-variants/image-variants.test-helpers.ts';
import { signedImageExpiry, signedImageUrl, SIGNED_IMAGE_MIN_SECONDS } from './signed-image-urls.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const postImage = (who: SignedUp, name: string, data: Buffer, fields: Record<string, string> = {}, slug = 'acme') => {
  const body = multipart(fields, [{ name, data }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/image',
    headers: { host: hostOf(slug), ...bearer(who.token), ...body.headers },
    payload: body.payload,
  });
};
const getImage = (who: SignedUp, id: string, slug = 'acme') =>
  t.app.inject({ method: 'GET', url: `/api/v1/image/${id}`, headers: { host: hostOf(slug), ...bearer(who.token) } });

describe('images', () => {
  it('uploads an image and serves it to members of the same tenant only', async () => {
    const owner = await signUp(t.app, 'acme');
    const res = await postImage(owner, 'avatar.png', PNG, { name: 'Avatar', tags: 'profile' });
    expect(res.statusCode, res.body).toBe(201);
    const { _id, url } = res.json().data as { _id: string; url: string };
    expect(url).toBe(`/api/v1/image/${_id}`);
    expect(res.headers.location).toBe(url);
    expect(t.storage.keys()).toContain(`images/${t.tenants.acme.id}/${_id}`);

    const colleague = await signUp(t.app, 'acme');
    const got = await getImage(colleague, _id);
    expect(got.statusCode).toBe(200);
    expect(got.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
    expect(got.rawPayload.equals(PNG)).toBe(true);

    const elsewhere = await signUp(t.app, 'globex');
    expect((await getImage(elsewhere, _id, 'globex')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/image/${_id}`, headers: { host: hostOf('acme') } })).statusCode).toBe(401);
  });

  it('records the upload on the timeline with the new values', async () => {
    const owner = await signUp(t.app, 'acme');
    const res = await postImage(owner, 'lead.png', PNG, { name: 'Lead photo', type: 'lead', tags: 'a,b' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    const events = await t.app.db
      .select()
      .from(timelineEvents)
      .where(and(eq(timelineEvents.tenantId, t.tenants.acme.id), eq(timelineEvents.entity, id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'upload',
      entityType: 'document',
      userId: owner.user._id,
      message: 'Uploaded the image Lead photo',
    });
    expect(events[0]!.meta.change).toMatchObject({
      name: { old: null, new: 'Lead photo' },
      type: { old: null, new: 'lead' },
      mimeType: { old: null, new: 'image/png' },
      size: { old: null, new: PNG.length },
    });
    const activity = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/${owner.user._id}/events`,
      headers: { host: hostOf('acme'), ...bearer(owner.token) },
    });
    expect(activity.json().data.map((e: { entity: string }) => e.entity)).toContain(id);
  });

  it('refuses what is not an image, and a renamed file', async () => {
    const owner = await signUp(t.app, 'acme');
    const stored = t.storage.keys().length;
    const events = async () =>
      (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(timelineEvents).where(eq(timelineEvents.userId, owner.user._id)))[0]!
        .n;
    const eventsBefore = await events();
    const pdf = await postImage(owner, 'doc.pdf', makePdf('x'));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.message).toBe('Files ending in .pdf are not accepted here. Upload one of: png, jpg, jpeg, gif, webp.');
    const renamed = await postImage(owner, 'avatar.gif', PNG);
    expect(renamed.statusCode).toBe(400);
    expect(t.storage.keys()).toHaveLength(stored);
    expect(await events()).toBe(eventsBefore);
  });
});

describe('signed image addresses (GET tenant/{t}/images/{id}, issue #17)', () => {
  const get = (url: string, slug = 'acme') => t.app.inject({ method: 'GET', url, headers: { host: hostOf(slug) } });

  it('serve the image without a token until they expire, privately cached no longer than that', async () => {
    const owner = await signUp(t.app, 'acme');
    const id = (await postImage(owner, 'logo.png', PNG)).json().data._id as string;
    const exp = signedImageExpiry(t.clock.now());
    const ok = await get(signedImageUrl(t.app.tokens, t.tenants.acme.id, id, exp));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.rawPayload.equals(PNG)).toBe(true);
    expect(ok.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
    expect(ok.headers['set-cookie']).toBeUndefined();
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(ok.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(SIGNED_IMAGE_MIN_SECONDS);
    expect(maxAge).toBeLessThanOrEqual(SIGNED_IMAGE_MIN_SECONDS + 300);

    t.clock.advance((maxAge + 1) * 1000);
    try {
      expect((await get(signedImageUrl(t.app.tokens, t.tenants.acme.id, id, exp))).statusCode).toBe(404);
    } finally {
      t.clock.advance(-(maxAge + 1) * 1000);
    }
  });

  it('answer 404, as for a missing image, when tampered with, for another image or on another tenant', async () => {
    const owner = await signUp(t.app, 'acme');
    const id = (await postImage(owner, 'logo.png', PNG)).json().data._id as string;
    const other = (await postImage(owner, 'other.png', PNG)).json().data._id as string;
    const acme = t.tenants.acme.id;
    const exp = signedImageExpiry(t.clock.now());
    const url = signedImageUrl(t.app.tokens, acme, id, exp);
    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    const missing = await get(signedImageUrl(t.app.tokens, acme, 'f'.repeat(24), exp));
    expect(missing.statusCode).toBe(404);

    const refused = [
      // The signature of another image, or altered.
      url.replace(id, other),
      url.replace(`sig=${sig}`, `sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      // A later expiry under the same signature.
      url.replace(`exp=${exp}`, `exp=${exp + 3600}`),
      // Signed for another tenant: its address refuses acme's image, acme's address refuses its signature.
      signedImageUrl(t.app.tokens, t.tenants.globex.id, id, exp).replace(t.tenants.globex.id, acme),
    ];
    for (const address of refused) {
      const res = await get(address);
      expect(res.statusCode, address).toBe(404);
      expect(res.json(), address).toEqual(missing.json());
    }
    expect((await get(url, 'globex')).statusCode).toBe(404);
    expect((await get(signedImageUrl(t.app.tokens, t.tenants.globex.id, id, exp), 'globex')).statusCode).toBe(404);
    // A bearer token does not stand in for the signature.
    const unsigned = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tenant/${acme}/images/${id}`,
      headers: { host: hostOf('acme'), ...bearer(owner.token) },
    });
    expect(unsigned.statusCode).toBe(400);
  });
});

describe('signed image addresses with a width (GET tenant/{t}/images/{id}?w=, issue #25)', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: hostOf('acme') } });
  const signed = (id: string) => signedImageUrl(t.app.tokens, t.tenants.acme.id, id, signedImageExpiry(t.clock.now()));

  it('serve a wide image that many pixels wide as WebP, made once and kept beside the original', async () => {
    const owner = await signUp(t.app, 'acme');
    const wide = gradientPng(1600, 400);
    const id = (await postImage(owner, 'hero.png', wide)).json().data._id as string;
    const res = await get(`${signed(id)}&w=640`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'image/webp', 'x-content-type-options': 'nosniff' });
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(headerSize(res.rawPayload)).toEqual({ width: 640, height: 160 });
    expect(res.rawPayload.length).toBeLessThan(wide.length);
    const key = `images/${t.tenants.acme.id}/${id}-w640`;
    expect(t.storage.keys()).toContain(key);

    // The kept copy is what the next ask reads: replaced in storage, the answer follows it.
    const marker = gradientPng(640, 160);
    await t.storage.put(key, marker, 'image/png');
    expect((await get(`${signed(id)}&w=640`)).rawPayload.equals(marker)).toBe(true);
    // Without a width, the original.
    expect((await get(signed(id))).rawPayload.equals(wide)).toBe(true);
  });

  it('send an image no wider than asked, and a GIF, as they are', async () => {
    const owner = await signUp(t.app, 'acme');
    const narrow = gradientPng(300, 200);
    const id = (await postImage(owner, 'small.png', narrow)).json().data._id as string;
    const res = await get(`${signed(id)}&w=1280`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(narrow)).toBe(true);

    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const gifId = (await postImage(owner, 'dot.gif', gif)).json().data._id as string;
    const gifRes = await get(`${signed(gifId)}&w=320`);
    expect(gifRes.statusCode, gifRes.body).toBe(200);
    expect(gifRes.headers['content-type']).toBe('image/gif');
    expect(gifRes.rawPayload.equals(gif)).toBe(true);
  });

  it('refuse a width not offered with 400, storing nothing', async () => {
    const owner = await signUp(t.app, 'acme');
    const id = (await postImage(owner, 'hero.png', gradientPng(800, 200))).json().data._id as string;
    const keys = t.storage.keys().length;
    for (const w of ['500', 'wide', '0']) {
      const res = await get(`${signed(id)}&w=${w}`);
      expect(res.statusCode, w).toBe(400);
      expect(res.json().error.message).toMatch(/w/);
    }
    expect(t.storage.keys()).toHaveLength(keys);
  });
});
