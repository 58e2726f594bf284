import type { GovPhotoId } from '@tessera/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { govPhotoIds, timelineEvents } from '../../db/schema/index.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, signUp, someObjectId, type SignedUp } from '../../../test/factories.ts';
import { makePdf, multipart, PNG, uploadDocument } from '../documents/documents.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (who: SignedUp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, slug = 'acme') =>
  t.app.inject({ method, url: `/api/v1/${url}`, headers: { host: hostOf(slug), ...bearer(who.token) }, ...(payload && { payload }) });

async function docId(who: SignedUp, name = 'front.png', data: Buffer = PNG): Promise<string> {
  const res = await uploadDocument(t.app, who, { name, data, fields: { type: 'GOVERNMENT_ID' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

async function fields(who: SignedUp) {
  return {
    type: 'passport', number: 'X12345678', expirationDate: '2031-05-01', issuingCountry: 'US', issuingState: 'NY',
    issuingDate: '2021-05-01', issuingAuthority: 'U.S. Department of State', documentFrontId: await docId(who), documentBackId: await docId(who, 'back.pdf', makePdf('back')),
  };
}
const idCount = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(govPhotoIds))[0]!.n;

describe('government photo IDs', () => {
  it('creates with the nine fields, encrypts the number at rest and masks it except on reveal', async () => {
    const owner = await signUp(t.app, 'acme');
    const res = await call(owner, 'POST', 'gov-photo-id', await fields(owner));
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data as GovPhotoId;
    expect(created).toMatchObject({ type: 'passport', number: '*****5678', issuingCountry: 'US', user: owner.user._id });
    const [raw] = await t.app.db.select().from(govPhotoIds).where(eq(govPhotoIds.id, created._id));
    expect(raw!.numberEncrypted).not.toContain('12345678');
    expect(raw!.numberEncrypted.startsWith('v1:')).toBe(true);
    expect((await call(owner, 'GET', `gov-photo-id/${created._id}?reveal=true`)).json().data.number).toBe('X12345678');
    expect((await call(owner, 'GET', `gov-photo-id/${created._id}`)).json().data.number).toBe('*****5678');
    expect((await call(owner, 'GET', 'gov-photo-id')).json().data.map((g: GovPhotoId) => g._id)).toEqual([created._id]);
    const [event] = await t.app.db.select().from(timelineEvents).where(and(eq(timelineEvents.entityType, 'gov-photo-id'), eq(timelineEvents.entity, created._id)));
    expect(event!.meta.change!.number).toEqual({ old: null, new: '*****5678' });
    expect(JSON.stringify(event)).not.toContain('12345678');
  });

  it.each(['type', 'number', 'expirationDate', 'issuingCountry', 'issuingState', 'issuingDate', 'issuingAuthority', 'documentFrontId', 'documentBackId'])(
    'requires %s, naming it, and writes nothing',
    async (field) => {
      const owner = await signUp(t.app, 'acme');
      const body: Record<string, unknown> = await fields(owner);
      delete body[field];
      const before = await idCount();
      const res = await call(owner, 'POST', 'gov-photo-id', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(`body.${field}`);
      expect(await idCount()).toBe(before);
    },
  );

  it('refuses pictures that are not the caller\'s documents or not images/PDFs, and dates in the wrong order', async () => {
    const owner = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    const base = await fields(owner);
    const foreign = await call(owner, 'POST', 'gov-photo-id', { ...base, documentFrontId: await docId(other) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe('body.documentFrontId: no document of yours has this id');
    const csv = await call(owner, 'POST', 'gov-photo-id', { ...base, documentBackId: await docId(owner, 'a.csv', Buffer.from('a,b\n')) });
    expect(csv.json().error.message).toBe('body.documentBackId: the document must be an image or a PDF');
    const order = await call(owner, 'POST', 'gov-photo-id', { ...base, expirationDate: '2020-01-01' });
    expect(order.json().error.message).toContain('body.expirationDate');
    const bad = await call(owner, 'POST', 'gov-photo-id', { ...base, issuingCountry: 'XX', issuingDate: '2021-02-30' });
    expect(bad.json().error.message).toContain('body.issuingCountry: Choose a country from the list');
    expect(bad.json().error.message).toContain('body.issuingDate');
  });

  it('hides IDs from other users and other tenants (404)', async () => {
    const owner = await signUp(t.app, 'acme');
    const created = (await call(owner, 'POST', 'gov-photo-id', await fields(owner))).json().data as GovPhotoId;
    const stranger = await signUp(t.app, 'acme');
    const elsewhere = await signUp(t.app, 'globex');
    for (const who of [stranger, elsewhere]) {
      const slug = who === elsewhere ? 'globex' : 'acme';
      expect((await call(who, 'GET', `gov-photo-id/${created._id}?reveal=true`, undefined, slug)).statusCode).toBe(404);
      expect((await call(who, 'PUT', `gov-photo-id/${created._id}`, { number: '1' }, slug)).statusCode).toBe(404);
      expect((await call(who, 'DELETE', `gov-photo-id/${created._id}`, undefined, slug)).statusCode).toBe(404);
      expect((await call(who, 'GET', 'gov-photo-id', undefined, slug)).json().data).toEqual([]);
    }
    expect((await call(owner, 'GET', `gov-photo-id/${someObjectId()}`)).statusCode).toBe(404);
  });

  it('updates with old and new (masked) in the timeline, deletes, and filters by profile', async () => {
    const owner = await signUp(t.app, 'acme');
    const profile = someObjectId();
    const created = (await call(owner, 'POST', 'gov-photo-id', { ...(await fields(owner)), individualProfile: profile })).json().data as GovPhotoId;
    expect((await call(owner, 'GET', `gov-photo-id?individualProfile=${profile}`)).json().data).toHaveLength(1);
    expect((await call(owner, 'GET', `gov-photo-id?individualProfile=${someObjectId()}`)).json().data).toHaveLength(0);
    const res = await call(owner, 'PUT', `gov-photo-id/${created._id}`, { number: 'Y99990000', issuingState: 'CA' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ number: '*****0000', issuingState: 'CA' });
    const events = await t.app.db.select().from(timelineEvents).where(and(eq(timelineEvents.entity, created._id), eq(timelineEvents.type, 'update')));
    expect(events[0]!.meta.change).toEqual({ number: { old: '*****5678', new: '*****0000' }, issuingState: { old: 'NY', new: 'CA' } });
    expect((await call(owner, 'DELETE', `gov-photo-id/${created._id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `gov-photo-id/${created._id}`)).statusCode).toBe(404);
  });

  it('uploads the front and back as GOVERNMENT_ID documents; the linked documents cannot be deleted', async () => {
    const owner = await signUp(t.app, 'acme');
    const created = (await call(owner, 'POST', 'gov-photo-id', await fields(owner))).json().data as GovPhotoId;
    const body = multipart({}, [{ name: 'new-front.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) }]);
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/gov-photo-id/${created._id}/front-document`, headers: { host: hostOf('acme'), ...bearer(owner.token), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data as GovPhotoId;
    expect(updated.documentFrontId).not.toBe(created.documentFrontId);
    const doc = (await call(owner, 'GET', `document/${updated.documentFrontId}`)).json().data;
    expect(doc).toMatchObject({ type: 'GOVERNMENT_ID', entityType: 'USER', mimeType: 'image/jpeg' });
    const csv = multipart({}, [{ name: 'x.csv', data: Buffer.from('a,b\n') }]);
    const refused = await t.app.inject({ method: 'PUT', url: `/api/v1/gov-photo-id/${created._id}/back-document`, headers: { host: hostOf('acme'), ...bearer(owner.token), ...csv.headers }, payload: csv.payload });
    expect(refused.statusCode).toBe(400);
    expect((await call(owner, 'DELETE', `document/${updated.documentBackId}`)).statusCode).toBe(409);
  });
});
