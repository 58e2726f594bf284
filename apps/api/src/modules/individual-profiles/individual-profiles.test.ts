import { newObjectId, type IndividualProfile } from '@tessera/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, callerOf, type Method, type SignedUp, signUp, useTestApp } from '../../../test/factories.ts';
import { govPhotoIds, individualProfiles, timelineEvents } from '../../db/schema/index.ts';
import { PNG as VALID_PNG } from '../documents/documents.test-helpers.ts';

let t: TestApp;
let owner: SignedUp;
let other: SignedUp;
let outsider: SignedUp;
useTestApp(async (app) => {
  t = app;
  owner = await signUp(t.app, 'acme');
  other = await signUp(t.app, 'acme');
  outsider = await signUp(t.app, 'globex');
});

const call = callerOf(() => t.app);

async function createProfile(who: SignedUp = owner, names = { firstname: 'Ada', lastname: 'Lovelace' }): Promise<IndividualProfile> {
  const res = await call(who, 'POST', 'individual-profile', { ...names, acceptDisclosures: true });
  expect(res.statusCode, res.body).toBe(201);
  const profile = res.json().data as IndividualProfile;
  expect(res.headers.location).toBe(`/api/v1/individual-profile/${profile._id}`);
  return profile;
}

const profileCount = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(individualProfiles))[0]!.n;
const rawRow = async (id: string) => (await t.app.db.select().from(individualProfiles).where(eq(individualProfiles.id, id)))[0]!;
const eventsOf = (id: string) =>
  t.app.db
    .select()
    .from(timelineEvents)
    .where(and(eq(timelineEvents.entity, id), eq(timelineEvents.entityType, 'individual-profile')))
    .orderBy(timelineEvents.createdAt);

function multipart(field: string, fileName: string, data: Buffer, contentType: string) {
  const boundary = `----tessera${newObjectId()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
const PNG = VALID_PNG;
const upload = (who: SignedUp, id: string, fileName: string, data: Buffer, contentType = 'image/png') => {
  const body = multipart('file', fileName, data, contentType);
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/individual-profile/${id}/media`,
    headers: { host: who.host, ...bearer(who.token), 'content-type': body.contentType },
    payload: body.payload,
  });
};

describe('create and list', () => {
  it('creates a profile with the §9 defaults and records the event', async () => {
    const profile = await createProfile();
    expect(profile).toMatchObject({
      user: owner.user._id,
      firstname: 'Ada',
      lastname: 'Lovelace',
      middlename: '',
      birthPlace: 'US',
      citizenship: 'US',
      gender: 'male',
      ssn: null,
      tin: null,
      ein: null,
      image: null,
      govPhotoIds: [],
      financialAccounts: [],
      revealed: false,
      contact: { addresses: [], emails: [], phones: [], faxes: [], links: [] },
    });
    const [created] = await eventsOf(profile._id);
    expect(created).toMatchObject({ type: 'create', userId: owner.user._id, meta: { change: { firstname: { old: null, new: 'Ada' } } } });
  });

  it('accepts the caller as user and refuses anyone else (404), writing nothing', async () => {
    const before = await profileCount();
    const res = await call(owner, 'POST', 'individual-profile', {
      firstname: 'A',
      lastname: 'B',
      user: other.user._id,
      acceptDisclosures: true,
    });
    expect(res.statusCode).toBe(404);
    expect(await profileCount()).toBe(before);
    const mine = await call(owner, 'POST', 'individual-profile', {
      firstname: 'A',
      lastname: 'B',
      user: owner.user._id,
      acceptDisclosures: true,
    });
    expect(mine.statusCode).toBe(201);
  });

  it.each([
    [{ firstname: 'A', lastname: 'B' }, 'body.acceptDisclosures'],
    [{ firstname: 'A', lastname: 'B', acceptDisclosures: false }, 'You must agree to the terms and conditions'],
    [{ firstname: '', lastname: 'B', acceptDisclosures: true }, 'First name is required'],
    [{ firstname: 'A', lastname: ' ', acceptDisclosures: true }, 'Last name is required'],
  ])('refuses %j with 400 naming the problem and writes nothing', async (body, message) => {
    const before = await profileCount();
    const res = await call(owner, 'POST', 'individual-profile', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(await profileCount()).toBe(before);
  });

  it("lists only the caller's profiles in this tenant, with limits up to 100 like every list", async () => {
    const theirs = await createProfile(other, { firstname: 'Grace', lastname: 'Hopper' });
    const mine = await call(owner, 'GET', 'individual-profile?limit=100');
    expect(mine.statusCode).toBe(200);
    const ids = (mine.json().data as IndividualProfile[]).map((p) => p._id);
    expect(ids).not.toContain(theirs._id);
    expect(mine.json().meta).toMatchObject({ page: 1, limit: 100, total: ids.length });
    expect((await call(owner, 'GET', `individual-profile?user=${owner.user._id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `individual-profile?user=${other.user._id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', 'individual-profile?limit=101')).statusCode).toBe(400);
    expect((await call(owner, 'GET', 'individual-profile?limit=1000')).statusCode).toBe(400);
    const page = await call(owner, 'GET', 'individual-profile?limit=1&page=2');
    expect(page.json().data).toHaveLength(1);
    expect((await call(outsider, 'GET', 'individual-profile')).json().data).toEqual([]);
  });
});

describe('read and access', () => {
  it('gives 404 to another user and to another tenant, for every call', async () => {
    const profile = await createProfile();
    const calls: [Method, string, object?][] = [
      ['GET', `individual-profile/${profile._id}`],
      ['PUT', `individual-profile/${profile._id}`, { firstname: 'X' }],
      ['PUT', `individual-profile/${profile._id}/contact`, { contact: {} }],
      ['PUT', `individual-profile/${profile._id}/gov-photo-id`, { govPhotoIds: [] }],
      ['PUT', `individual-profile/${profile._id}/financial-accounts`, { financialAccounts: [] }],
      ['PUT', `individual-profile/${profile._id}/user`, { user: other.user._id }],
      ['PUT', `individual-profile/${profile._id}/created-by`, { createdBy: other.user._id }],
      ['DELETE', `individual-profile/${profile._id}`],
    ];
    for (const who of [other, outsider]) {
      for (const [method, url, body] of calls) {
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await upload(who, profile._id, 'me.png', PNG)).statusCode).toBe(404);
    }
    expect((await rawRow(profile._id)).firstname).toBe('Ada');
    expect((await rawRow(profile._id)).userId).toBe(owner.user._id);
  });

  it('needs a session (401) and a well-formed id (400)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/individual-profile/${newObjectId()}`,
      headers: { host: hostOf('acme') },
    });
    expect(res.statusCode).toBe(401);
    expect((await call(owner, 'GET', 'individual-profile/not-an-id')).statusCode).toBe(400);
  });
});

describe('details', () => {
  it('saves every field; ssn, tin and ein are encrypted at rest, masked in responses and redacted in the timeline', async () => {
    const profile = await createProfile();
    const res = await call(owner, 'PUT', `individual-profile/${profile._id}`, {
      firstname: 'Augusta',
      middlename: 'Ada',
      birthDate: '1815-12-10',
      birthPlace: 'GB',
      gender: 'female',
      citizenship: 'GB',
      occupation: 'Mathematician',
      crd: '0011223355',
      ssn: '123-45-6789',
      tin: '987654321',
      ein: '12-3456789',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      firstname: 'Augusta',
      middlename: 'Ada',
      birthDate: '1815-12-10',
      birthPlace: 'GB',
      gender: 'female',
      citizenship: 'GB',
      occupation: 'Mathematician',
      crd: '0011223355',
      ssn: '***-**-6789',
      tin: '***-**-4321',
      ein: '**-***6789',
      revealed: false,
    });
    // Masked or not, a profile is the caller's own: never stored by a cache (plugins/security.ts applyCachePolicy).
    expect(res.headers['cache-control']).toBe('no-store');

    const row = await rawRow(profile._id);
    // The whole number, with its dashes or without, is nowhere in the stored value. (A search for '123' alone failed a
    // clean clone once: the ciphertext is random base64url, which holds any three given characters now and then.)
    for (const [column, plain] of [
      ['ssnEncrypted', '123-45-6789'],
      ['tinEncrypted', '987-65-4321'],
      ['einEncrypted', '12-3456789'],
    ] as const) {
      expect(row[column]).toMatch(/^v1:/);
      expect(row[column]).not.toContain(plain);
      expect(row[column]).not.toContain(plain.replaceAll('-', ''));
    }
    expect(t.app.cipher.decrypt(row.ssnEncrypted!)).toBe('123-45-6789');
    expect(t.app.cipher.decrypt(row.tinEncrypted!)).toBe('987-65-4321');

    const update = (await eventsOf(profile._id)).find((e) => e.type === 'update')!;
    expect(update.meta.change).toMatchObject({
      firstname: { old: 'Ada', new: 'Augusta' },
      ssn: { old: null, new: '[redacted]' },
      tin: { old: null, new: '[redacted]' },
      ein: { old: null, new: '[redacted]' },
    });
    expect(JSON.stringify(update.meta)).not.toMatch(/6789|4321/);

    const list = await call(owner, 'GET', 'individual-profile?limit=100');
    const listed = (list.json().data as IndividualProfile[]).find((p) => p._id === profile._id)!;
    expect(listed.ssn).toBe('***-**-6789');
  });

  it('reveals ssn, tin and ein to the owner only on request, not cached, and records the access', async () => {
    const profile = await createProfile();
    await call(owner, 'PUT', `individual-profile/${profile._id}`, { ssn: '111-22-3333' });
    const masked = await call(owner, 'GET', `individual-profile/${profile._id}`);
    expect(masked.json().data.ssn).toBe('***-**-3333');
    const revealed = await call(owner, 'GET', `individual-profile/${profile._id}?reveal=true`);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().data).toMatchObject({ ssn: '111-22-3333', tin: null, revealed: true });
    expect(revealed.headers['cache-control']).toBe('no-store');
    expect((await eventsOf(profile._id)).some((e) => e.type === 'access')).toBe(true);
    expect((await call(other, 'GET', `individual-profile/${profile._id}?reveal=true`)).statusCode).toBe(404);
  });

  it('keeps a secret when it is left out, clears it with null, and stores empty optional values as null', async () => {
    const profile = await createProfile();
    await call(owner, 'PUT', `individual-profile/${profile._id}`, {
      ssn: '111-22-3333',
      ein: '12-3456789',
      occupation: 'Pilot',
      middlename: 'Q',
    });
    const res = await call(owner, 'PUT', `individual-profile/${profile._id}`, { occupation: null, middlename: null, crd: null, ein: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ssn: '***-**-3333', ein: null, occupation: null, middlename: '', crd: null });
    const row = await rawRow(profile._id);
    expect(row.einEncrypted).toBeNull();
    expect(row.occupation).toBeNull();
    const last = (await eventsOf(profile._id)).at(-1)!;
    expect(last.meta.change).toMatchObject({ ein: { old: '[redacted]', new: null }, occupation: { old: 'Pilot', new: null } });
    expect(last.meta.change).not.toHaveProperty('ssn');
  });

  it.each([
    [{ ssn: '12-345-6789' }, 'body.ssn', 'SSN must look like 000-00-0000'],
    [{ tin: '1234' }, 'body.tin', 'TIN must look like 000-00-0000'],
    [{ ein: '123-456789' }, 'body.ein', 'EIN must look like 00-0000000'],
    [{ crd: '12345' }, 'body.crd', 'CRD must be 10 digits'],
    [{ birthDate: '2024-02-30' }, 'body.birthDate', 'Enter a real calendar date'],
    [{ birthPlace: 'XX' }, 'body.birthPlace', 'Choose a country from the list'],
    [{ citizenship: 'Narnia' }, 'body.citizenship', 'Choose a country from the list'],
    [{ gender: 'robot' }, 'body.gender', ''],
    [{ firstname: '' }, 'body.firstname', 'First name is required'],
    [{ user: newObjectId() }, 'user', ''],
  ])('refuses %j with 400 naming %s and changes nothing', async (body, field, message) => {
    const profile = await createProfile();
    const before = await rawRow(profile._id);
    const res = await call(owner, 'PUT', `individual-profile/${profile._id}`, { firstname: 'Changed', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(field);
    expect(res.json().error.message).toContain(message);
    expect(await rawRow(profile._id)).toEqual(before);
  });

  it('never echoes a refused secret back in the error', async () => {
    const profile = await createProfile();
    const res = await call(owner, 'PUT', `individual-profile/${profile._id}`, { ssn: '999-999-9999' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('999-999-9999');
  });
});

describe('contact', () => {
  const id = () => newObjectId();
  const address = (over: object = {}) => ({
    _id: id(),
    address: { address1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
    ...over,
  });

  it('saves every kind with the §3 defaults and records old and new', async () => {
    const profile = await createProfile();
    const contact = {
      addresses: [address({ isPrimary: true })],
      emails: [
        { _id: id(), email: 'ada@example.com', isPrimary: true },
        { _id: id(), email: 'ada@home.example', emailType: 'personal' },
      ],
      phones: [{ _id: id(), phone: '(555) 123-4567' }],
      faxes: [{ _id: id(), fax: '+15551234567', isEnabled: false }],
      links: [{ _id: id(), url: 'https://example.com/ada', linkType: 'website' }],
    };
    const res = await call(owner, 'PUT', `individual-profile/${profile._id}/contact`, { contact });
    expect(res.statusCode, res.body).toBe(200);
    const saved = (res.json().data as IndividualProfile).contact;
    expect(saved.addresses[0]).toMatchObject({
      addressType: 'mailing',
      isEnabled: true,
      isPrimary: true,
      enabledCommunications: [],
      address: { address2: null },
    });
    expect(saved.emails[0]).toMatchObject({ emailType: 'work', isPrimary: true });
    expect(saved.emails[1]).toMatchObject({ emailType: 'personal', isPrimary: false });
    expect(saved.phones[0]).toMatchObject({ phoneType: 'work' });
    expect(saved.faxes[0]).toMatchObject({ faxType: 'work', isEnabled: false });
    expect(saved.links[0]!.url).toBe('https://example.com/ada');
    const last = (await eventsOf(profile._id)).at(-1)!;
    expect(last.meta.change?.contact).toMatchObject({
      old: { emails: [] },
      new: { emails: [expect.objectContaining({ email: 'ada@example.com' }), expect.anything()] },
    });
  });

  it.each([
    [{ addresses: [address(), address()].map((a) => ({ ...a, isPrimary: true })) }, 'Only one of the addresses can be primary'],
    [
      {
        emails: [
          { _id: id(), email: 'a@example.com', isPrimary: true },
          { _id: id(), email: 'b@example.com', isPrimary: true },
        ],
      },
      'Only one of the emails can be primary',
    ],
    [{ addresses: [{ _id: id(), address: { address1: '1 Main St', city: '', state: 'IL', zip: '62701' } }] }, 'City is required'],
    [{ addresses: [{ _id: id(), address: { address1: '', city: 'X', state: 'IL', zip: '62701' } }] }, 'Address line 1 is required'],
    [{ addresses: [{ _id: id(), address: { address1: '1 Main', city: 'X', state: '', zip: '62701' } }] }, 'State is required'],
    [{ addresses: [{ _id: id(), address: { address1: '1 Main', city: 'X', state: 'IL', zip: '' } }] }, 'Zip is required'],
    [{ emails: [{ _id: id(), email: 'not-an-email' }] }, 'Enter a valid email address'],
    [{ emails: [{ _id: id(), email: 'a@example.com', emailType: 'carrier-pigeon' }] }, 'emailType'],
    [{ phones: [{ _id: id(), phone: '0123' }] }, 'Phone must be 1 to 15 digits'],
    [{ faxes: [{ _id: id(), fax: '1234567890123456' }] }, 'Fax must be 1 to 15 digits'],
    [{ links: [{ _id: id(), url: 'javascript:alert(1)' }] }, 'Enter a full web address'],
    [{ emails: [{ _id: 'client-id', email: 'a@example.com' }] }, '24-character hexadecimal id'],
  ])('refuses %j with 400 and changes nothing', async (contact, message) => {
    const profile = await createProfile();
    const res = await call(owner, 'PUT', `individual-profile/${profile._id}/contact`, { contact });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect((await rawRow(profile._id)).contact).toEqual(profile.contact);
  });

  it('refuses the same item id twice', async () => {
    const profile = await createProfile();
    const same = id();
    const res = await call(owner, 'PUT', `individual-profile/${profile._id}/contact`, {
      contact: { emails: [{ _id: same, email: 'a@example.com' }], phones: [{ _id: same, phone: '5551234567' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Each contact item needs its own id');
  });
});

describe('image', () => {
  it('stores an image by content, serves it to the owner only, and replaces the old one', async () => {
    const profile = await createProfile();
    const res = await upload(owner, profile._id, 'me.png', PNG);
    expect(res.statusCode, res.body).toBe(200);
    const imageId = res.json().data.image as string;
    expect(imageId).toMatch(/^[0-9a-f]{24}$/);
    const image = await call(owner, 'GET', `individual-profile/${profile._id}/media/${imageId}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline/);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await call(other, 'GET', `individual-profile/${profile._id}/media/${imageId}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `individual-profile/${profile._id}/media/${newObjectId()}`)).statusCode).toBe(404);
    expect((await eventsOf(profile._id)).at(-1)).toMatchObject({
      type: 'upload',
      meta: { change: { image: { old: null, new: imageId } } },
    });

    const second = await upload(owner, profile._id, 'me2.png', PNG);
    const secondId = second.json().data.image as string;
    expect(t.storage.keys().filter((k) => k.includes(profile._id))).toEqual([
      `individual-profiles/${t.tenants.acme.id}/${profile._id}/${secondId}`,
    ]);
    expect((await call(owner, 'GET', `individual-profile/${profile._id}/media/${imageId}`)).statusCode).toBe(404);
  });

  it.each([
    ['a PDF', 'me.pdf', Buffer.from('%PDF-1.4 hello'), 'application/pdf', 'not accepted'],
    [
      'text named .png',
      'me.png',
      Buffer.from('hello'),
      'image/png',
      'The file is not a PNG image: its contents do not match its .png extension',
    ],
    ['a PNG named .jpg', 'me.jpg', PNG, 'image/jpeg', 'The file is not a JPEG image: its contents are a PNG image'],
  ])('refuses %s with 400 and stores nothing', async (_name, fileName, data, type, message) => {
    const profile = await createProfile();
    const before = t.storage.keys().length;
    const res = await upload(owner, profile._id, fileName, data, type);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(t.storage.keys().length).toBe(before);
    expect((await rawRow(profile._id)).image).toBeNull();
  });

  it('needs the file field', async () => {
    const profile = await createProfile();
    const body = multipart('other', 'me.png', PNG, 'image/png');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/individual-profile/${profile._id}/media`,
      headers: { host: owner.host, ...bearer(owner.token), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('file');
  });
});

describe('government photo IDs and financial accounts', () => {
  async function insertGovPhotoId(who: SignedUp, tenantId: string) {
    const id = newObjectId();
    await t.app.db.insert(govPhotoIds).values({
      tenantId,
      id,
      userId: who.user._id,
      type: 'passport',
      numberEncrypted: t.app.cipher.encrypt('X1234567'),
      expirationDate: '2030-01-01',
      issuingCountry: 'US',
      issuingState: 'NY',
      issuingDate: '2020-01-01',
      issuingAuthority: 'State Dept',
      documentFrontId: newObjectId(),
      documentBackId: newObjectId(),
    });
    return id;
  }

  it("links only the caller's own government photo IDs", async () => {
    const profile = await createProfile();
    const mine = await insertGovPhotoId(owner, t.tenants.acme.id);
    const theirs = await insertGovPhotoId(other, t.tenants.acme.id);
    const res = await call(owner, 'PUT', `individual-profile/${profile._id}/gov-photo-id`, { govPhotoIds: [mine] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.govPhotoIds).toEqual([mine]);
    expect((await eventsOf(profile._id)).at(-1)!.meta.change).toEqual({ govPhotoIds: { old: [], new: [mine] } });

    for (const ids of [[theirs], [newObjectId()], [mine, mine]]) {
      const refused = await call(owner, 'PUT', `individual-profile/${profile._id}/gov-photo-id`, { govPhotoIds: ids });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toContain('govPhotoIds');
    }
    expect((await rawRow(profile._id)).govPhotoIds).toEqual([mine]);
  });

  it("links only the caller's own financial accounts", async () => {
    const profile = await createProfile();
    const create = async (who: SignedUp) =>
      (await call(who, 'POST', 'financial-account', { accountName: 'Checking', type: 'checking', number: '000123456789' })).json().data
        ._id as string;
    const mine = await create(owner);
    const theirs = await create(other);
    const res = await call(owner, 'PUT', `individual-profile/${profile._id}/financial-accounts`, { financialAccounts: [mine] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.financialAccounts).toEqual([mine]);
    const refused = await call(owner, 'PUT', `individual-profile/${profile._id}/financial-accounts`, { financialAccounts: [mine, theirs] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain(theirs);
    expect((await rawRow(profile._id)).financialAccountIds).toEqual([mine]);
  });
});

describe('delete', () => {
  it('deletes the profile and its image, recording the deletion', async () => {
    const profile = await createProfile();
    await upload(owner, profile._id, 'me.png', PNG);
    const res = await call(owner, 'DELETE', `individual-profile/${profile._id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call(owner, 'GET', `individual-profile/${profile._id}`)).statusCode).toBe(404);
    expect(t.storage.keys().some((k) => k.includes(profile._id))).toBe(false);
    expect((await eventsOf(profile._id)).at(-1)).toMatchObject({
      type: 'delete',
      meta: { delete: { firstname: 'Ada', lastname: 'Lovelace' } },
    });
  });
});

describe('verification', () => {
  let admin: SignedUp;
  let foreignAdmin: SignedUp;
  beforeAll(async () => {
    [admin, foreignAdmin] = await Promise.all([signUp(t.app, 'acme', { admin: true }), signUp(t.app, 'globex', { admin: true })]);
  });

  it('lets only a platform admin of the tenant set it, recording old and new', async () => {
    const profile = await createProfile();
    expect(profile.verificationStatus).toBe('not-started');
    for (const who of [owner, other]) {
      const refused = await call(who, 'PUT', `individual-profile/${profile._id}/verification`, { verificationStatus: 'approved' });
      expect(refused.statusCode).toBe(403);
    }
    expect(
      (await call(foreignAdmin, 'PUT', `individual-profile/${profile._id}/verification`, { verificationStatus: 'approved' })).statusCode,
    ).toBe(404);
    expect((await rawRow(profile._id)).verificationStatus).toBe('not-started');

    const res = await call(admin, 'PUT', `individual-profile/${profile._id}/verification`, { verificationStatus: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.verificationStatus).toBe('approved');
    expect((await call(owner, 'GET', `individual-profile/${profile._id}`)).json().data.verificationStatus).toBe('approved');
    expect((await eventsOf(profile._id)).at(-1)).toMatchObject({
      type: 'status',
      userId: admin.user._id,
      meta: { change: { verificationStatus: { old: 'not-started', new: 'approved' } } },
    });
  });

  it('refuses a bad body (400) and writes nothing; the same status again changes nothing', async () => {
    const profile = await createProfile();
    for (const body of [{ verificationStatus: 'verified' }, {}]) {
      const res = await call(admin, 'PUT', `individual-profile/${profile._id}/verification`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('body.verificationStatus');
    }
    expect(
      (await call(admin, 'PUT', `individual-profile/${profile._id}/verification`, { verificationStatus: 'not-started' })).statusCode,
    ).toBe(200);
    expect(await eventsOf(profile._id)).toHaveLength(1);
    expect((await rawRow(profile._id)).verificationStatus).toBe('not-started');
  });
});

describe('transfer (/user and /created-by)', () => {
  let admin: SignedUp;
  let tenantOwner: SignedUp;
  beforeAll(async () => {
    [admin, tenantOwner] = await Promise.all([signUp(t.app, 'acme', { admin: true }), signUp(t.app, 'acme', { role: 'owner' })]);
  });

  it("hands the owner's profile to another member, cutting the old owner's links, with old and new on the timeline", async () => {
    const profile = await createProfile();
    const account = (
      await call(owner, 'POST', 'financial-account', { accountName: 'Checking', type: 'checking', number: '000123456789' })
    ).json().data._id as string;
    await call(owner, 'PUT', `individual-profile/${profile._id}/financial-accounts`, { financialAccounts: [account] });
    const govId = newObjectId();
    await t.app.db.insert(govPhotoIds).values({
      tenantId: t.tenants.acme.id,
      id: govId,
      userId: owner.user._id,
      individualProfileId: profile._id,
      type: 'passport',
      numberEncrypted: t.app.cipher.encrypt('X1234567'),
      expirationDate: '2030-01-01',
      issuingCountry: 'US',
      issuingState: 'NY',
      issuingDate: '2020-01-01',
      issuingAuthority: 'State Dept',
      documentFrontId: newObjectId(),
      documentBackId: newObjectId(),
    });
    await call(owner, 'PUT', `individual-profile/${profile._id}/gov-photo-id`, { govPhotoIds: [govId] });

    const res = await call(owner, 'PUT', `individual-profile/${profile._id}/user`, { user: other.user._id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ user: other.user._id, govPhotoIds: [], financialAccounts: [] });
    expect((await call(owner, 'GET', `individual-profile/${profile._id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `individual-profile/${profile._id}`)).json().data.firstname).toBe('Ada');
    const [gov] = await t.app.db.select().from(govPhotoIds).where(eq(govPhotoIds.id, govId));
    expect(gov).toMatchObject({ userId: owner.user._id, individualProfileId: null });
    expect((await eventsOf(profile._id)).at(-1)).toMatchObject({
      type: 'update',
      userId: owner.user._id,
      message: 'Individual profile Ada Lovelace transferred',
      meta: {
        change: {
          user: { old: owner.user._id, new: other.user._id },
          govPhotoIds: { old: [govId], new: [] },
          financialAccounts: { old: [account], new: [] },
        },
      },
    });
  });

  it('lets a platform admin transfer any profile of the tenant through /created-by; naming the owner changes nothing', async () => {
    const profile = await createProfile(other);
    const same = await call(other, 'PUT', `individual-profile/${profile._id}/created-by`, { createdBy: other.user._id });
    expect(same.statusCode).toBe(200);
    expect(await eventsOf(profile._id)).toHaveLength(1);
    const res = await call(admin, 'PUT', `individual-profile/${profile._id}/created-by`, { createdBy: owner.user._id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toBe(owner.user._id);
    expect((await eventsOf(profile._id)).at(-1)).toMatchObject({
      userId: admin.user._id,
      meta: { change: { user: { old: other.user._id, new: owner.user._id } } },
    });
  });

  it('refuses a bad body and a new owner who is not an active member of the tenant (400), writing nothing', async () => {
    const profile = await createProfile();
    const cases: [string, object, string][] = [
      ['user', { user: 'nope' }, 'body.user'],
      ['user', {}, 'body.user'],
      ['created-by', { user: other.user._id }, 'body.createdBy'],
      ['user', { user: outsider.user._id }, 'body.user: The new owner must be an active member of this organization'],
      ['created-by', { createdBy: newObjectId() }, 'body.createdBy: The new owner must be an active member of this organization'],
    ];
    for (const [path, body, message] of cases) {
      const res = await call(owner, 'PUT', `individual-profile/${profile._id}/${path}`, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect((await rawRow(profile._id)).userId).toBe(owner.user._id);
    expect(await eventsOf(profile._id)).toHaveLength(1);
  });

  it('refuses a profile that is a stakeholder of a legal entity (409)', async () => {
    const profile = await createProfile();
    const entity = (
      await call(owner, 'POST', 'legal-entity-profile', { name: 'Orbit LLC', legalEntityType: 'llc', acceptDisclosures: true })
    ).json().data._id as string;
    const added = await call(owner, 'POST', `legal-entity-profile/${entity}/stakeholders`, {
      individualProfile: profile._id,
      stakeholderType: 'fiduciary',
      fiduciaryRole: 'trustee',
    });
    expect(added.statusCode, added.body).toBe(201);
    const res = await call(owner, 'PUT', `individual-profile/${profile._id}/user`, { user: other.user._id });
    expect(res.statusCode).toBe(409);
    expect((await rawRow(profile._id)).userId).toBe(owner.user._id);
  });

  it('refuses a caller without a user, such as a private API key (403)', async () => {
    const profile = await createProfile();
    const key = await call(tenantOwner, 'POST', `tenant/${t.tenants.acme.id}/api-key/pvt`, { label: 'sync', scopes: ['tenant:read'] });
    expect(key.statusCode, key.body).toBe(201);
    for (const [path, body] of [
      ['user', { user: other.user._id }],
      ['created-by', { createdBy: other.user._id }],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/individual-profile/${profile._id}/${path}`,
        headers: { host: hostOf('acme'), ...bearer(key.json().data.key) },
        payload: body,
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await rawRow(profile._id)).userId).toBe(owner.user._id);
  });
});
