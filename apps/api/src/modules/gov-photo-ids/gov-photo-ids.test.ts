import type { GovPhotoId } from '@tessera/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, govPhotoIds, individualProfiles, timelineEvents } from '../../db/schema/index.ts';
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
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

async function fields(who: SignedUp) {
  return {
    type: 'passport',
    number: 'X12345678',
    expirationDate: '2031-05-01',
    issuingCountry: 'US',
    issuingState: 'NY',
    issuingDate: '2021-05-01',
    issuingAuthority: 'U.S. Department of State',
    documentFrontId: await docId(who),
    documentBackId: await docId(who, 'back.pdf', makePdf('back')),
  };
}
const idCount = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(govPhotoIds))[0]!.n;
const documentCount = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(documents))[0]!.n;
async function createProfile(who: SignedUp, slug = 'acme'): Promise<string> {
  const res = await call(who, 'POST', 'individual-profile', { firstname: 'Ada', lastname: 'Lovelace', acceptDisclosures: true }, slug);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}
const profileGovIds = async (id: string) =>
  (await t.app.db.select().from(individualProfiles).where(eq(individualProfiles.id, id)))[0]!.govPhotoIds;
const profileEvents = (id: string) =>
  t.app.db
    .select()
    .from(timelineEvents)
    .where(and(eq(timelineEvents.entityType, 'individual-profile'), eq(timelineEvents.entity, id)))
    .orderBy(timelineEvents.createdAt);
const upload = (who: SignedUp, id: string, side: 'front' | 'back', slug = 'acme') => {
  const body = multipart({}, [{ name: `${side}.png`, data: PNG }]);
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/gov-photo-id/${id}/${side}-document`,
    headers: { host: hostOf(slug), ...bearer(who.token), ...body.headers },
    payload: body.payload,
  });
};

describe('government photo IDs', () => {
  it('creates with the nine fields, encrypts the number at rest and masks it except on reveal', async () => {
    const owner = await signUp(t.app, 'acme');
    const res = await call(owner, 'POST', 'gov-photo-id', await fields(owner));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as GovPhotoId;
    expect(res.headers.location).toBe(`/api/v1/gov-photo-id/${created._id}`);
    expect(created).toMatchObject({ type: 'passport', number: '*****5678', issuingCountry: 'US', user: owner.user._id });
    const [raw] = await t.app.db.select().from(govPhotoIds).where(eq(govPhotoIds.id, created._id));
    expect(raw!.numberEncrypted).not.toContain('12345678');
    expect(raw!.numberEncrypted.startsWith('v1:')).toBe(true);
    expect((await call(owner, 'GET', `gov-photo-id/${created._id}?reveal=true`)).json().data.number).toBe('X12345678');
    expect((await call(owner, 'GET', `gov-photo-id/${created._id}`)).json().data.number).toBe('*****5678');
    expect((await call(owner, 'GET', 'gov-photo-id')).json().data.map((g: GovPhotoId) => g._id)).toEqual([created._id]);
    const [event] = await t.app.db
      .select()
      .from(timelineEvents)
      .where(and(eq(timelineEvents.entityType, 'gov-photo-id'), eq(timelineEvents.entity, created._id)));
    expect(event!.meta.change!.number).toEqual({ old: null, new: '*****5678' });
    expect(JSON.stringify(event)).not.toContain('12345678');
  });

  it.each([
    'type',
    'number',
    'expirationDate',
    'issuingCountry',
    'issuingState',
    'issuingDate',
    'issuingAuthority',
    'documentFrontId',
    'documentBackId',
  ])('requires %s, naming it, and writes nothing', async (field) => {
    const owner = await signUp(t.app, 'acme');
    const body: Record<string, unknown> = await fields(owner);
    delete body[field];
    const before = await idCount();
    const res = await call(owner, 'POST', 'gov-photo-id', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(`body.${field}`);
    expect(await idCount()).toBe(before);
  });

  it("refuses pictures that are not the caller's documents or not images/PDFs, and dates in the wrong order", async () => {
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
    const profile = await createProfile(owner);
    const created = (await call(owner, 'POST', 'gov-photo-id', { ...(await fields(owner)), individualProfile: profile })).json()
      .data as GovPhotoId;
    expect((await call(owner, 'GET', `gov-photo-id?individualProfile=${profile}`)).json()).toMatchObject({
      data: [{ _id: created._id }],
      meta: { page: 1, limit: 20, total: 1 },
    });
    expect((await call(owner, 'GET', 'gov-photo-id?limit=101')).statusCode).toBe(400);
    expect((await call(owner, 'GET', `gov-photo-id?individualProfile=${someObjectId()}`)).json().data).toHaveLength(0);
    const res = await call(owner, 'PUT', `gov-photo-id/${created._id}`, { number: 'Y99990000', issuingState: 'CA' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ number: '*****0000', issuingState: 'CA' });
    const events = await t.app.db
      .select()
      .from(timelineEvents)
      .where(and(eq(timelineEvents.entity, created._id), eq(timelineEvents.type, 'update')));
    expect(events[0]!.meta.change).toEqual({ number: { old: '*****5678', new: '*****0000' }, issuingState: { old: 'NY', new: 'CA' } });
    expect((await call(owner, 'DELETE', `gov-photo-id/${created._id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `gov-photo-id/${created._id}`)).statusCode).toBe(404);
  });

  it("links the ID only to one of the caller's profiles (404 otherwise, writing nothing)", async () => {
    const owner = await signUp(t.app, 'acme');
    const colleague = await signUp(t.app, 'acme');
    const outsider = await signUp(t.app, 'globex');
    const base = await fields(owner);
    const theirs = await createProfile(colleague);
    const elsewhere = await createProfile(outsider, 'globex');
    const before = await idCount();
    for (const individualProfile of [someObjectId(), theirs, elsewhere]) {
      const res = await call(owner, 'POST', 'gov-photo-id', { ...base, individualProfile });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Individual profile not found');
    }
    expect(await idCount()).toBe(before);
    expect(await profileGovIds(theirs)).toEqual([]);
  });

  it("joins the profile's list in the same call, so the web's second call changes nothing; deleting the ID leaves the list", async () => {
    const owner = await signUp(t.app, 'acme');
    const profile = await createProfile(owner);
    const first = (await call(owner, 'POST', 'gov-photo-id', { ...(await fields(owner)), individualProfile: profile })).json()
      .data as GovPhotoId;
    const second = (await call(owner, 'POST', 'gov-photo-id', { ...(await fields(owner)), individualProfile: profile })).json()
      .data as GovPhotoId;
    expect(await profileGovIds(profile)).toEqual([first._id, second._id]);
    const [, added] = await profileEvents(profile);
    expect(added).toMatchObject({
      type: 'update',
      userId: owner.user._id,
      meta: { change: { govPhotoIds: { old: [], new: [first._id] } } },
    });

    const eventsBefore = (await profileEvents(profile)).length;
    for (const govPhotoIds of [
      [first._id, second._id],
      [second._id, first._id],
    ]) {
      const again = await call(owner, 'PUT', `individual-profile/${profile}/gov-photo-id`, { govPhotoIds });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.govPhotoIds).toEqual([first._id, second._id]);
    }
    expect(await profileEvents(profile)).toHaveLength(eventsBefore);

    expect((await call(owner, 'DELETE', `gov-photo-id/${first._id}`)).statusCode).toBe(204);
    expect(await profileGovIds(profile)).toEqual([second._id]);
    expect((await profileEvents(profile)).at(-1)).toMatchObject({
      type: 'update',
      meta: { change: { govPhotoIds: { old: [first._id, second._id], new: [second._id] } } },
    });
  });

  it('uploads the front and back as GOVERNMENT_ID documents; the linked documents cannot be deleted', async () => {
    const owner = await signUp(t.app, 'acme');
    const created = (await call(owner, 'POST', 'gov-photo-id', await fields(owner))).json().data as GovPhotoId;
    const body = multipart({}, [{ name: 'new-front.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/gov-photo-id/${created._id}/front-document`,
      headers: { host: hostOf('acme'), ...bearer(owner.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data as GovPhotoId;
    expect(updated.documentFrontId).not.toBe(created.documentFrontId);
    const doc = (await call(owner, 'GET', `document/${updated.documentFrontId}`)).json().data;
    expect(doc).toMatchObject({ type: 'GOVERNMENT_ID', entityType: 'USER', mimeType: 'image/jpeg' });
    const csv = multipart({}, [{ name: 'x.csv', data: Buffer.from('a,b\n') }]);
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/gov-photo-id/${created._id}/back-document`,
      headers: { host: hostOf('acme'), ...bearer(owner.token), ...csv.headers },
      payload: csv.payload,
    });
    expect(refused.statusCode).toBe(400);
    const pdf = multipart({}, [{ name: 'new-back.pdf', data: makePdf('back') }]);
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/gov-photo-id/${created._id}/back-document`,
      headers: { host: hostOf('acme'), ...bearer(owner.token), ...pdf.headers },
      payload: pdf.payload,
    });
    expect(back.statusCode, back.body).toBe(200);
    const backId = (back.json().data as GovPhotoId).documentBackId;
    expect(backId).not.toBe(created.documentBackId);
    expect((await call(owner, 'DELETE', `document/${backId}`)).statusCode).toBe(409);
    expect((await call(owner, 'DELETE', `document/${updated.documentFrontId}`)).statusCode).toBe(409);
  });

  it('refuses front and back uploads by another user and another tenant (404), storing nothing', async () => {
    const owner = await signUp(t.app, 'acme');
    const created = (await call(owner, 'POST', 'gov-photo-id', await fields(owner))).json().data as GovPhotoId;
    const stranger = await signUp(t.app, 'acme');
    const elsewhere = await signUp(t.app, 'globex');
    const [documentsBefore, keysBefore] = [await documentCount(), t.storage.keys().length];
    for (const [who, slug] of [
      [stranger, 'acme'],
      [elsewhere, 'globex'],
    ] as const) {
      for (const side of ['front', 'back'] as const) {
        const res = await upload(who, created._id, side, slug);
        expect(res.statusCode, `${slug} ${side}`).toBe(404);
        expect(res.json().error.message).toBe('Government photo ID not found');
      }
    }
    expect(await documentCount()).toBe(documentsBefore);
    expect(t.storage.keys()).toHaveLength(keysBefore);
    expect((await call(owner, 'GET', `gov-photo-id/${created._id}`)).json().data).toMatchObject({
      documentFrontId: created.documentFrontId,
      documentBackId: created.documentBackId,
    });
  });
});
