import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timelineEvents } from '../../db/schema/index.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, signUp, type SignedUp } from '../../../test/factories.ts';
import { makePdf, multipart, PNG } from '../documents/documents.test-helpers.ts';

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
