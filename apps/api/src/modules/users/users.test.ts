import { EXPORT_FORMAT, type AdminUser, type TenantMember, type TimelineEvent, type User, type UserExport } from '@tessera/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantMembers, timelineEvents, users } from '../../db/schema/index.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, insertInstitution, joinInstitutionTeam, PASSWORD, signUp, someObjectId, type SignedUp } from '../../../test/factories.ts';
import { multipart as documentMultipart, PNG, uploadDocument } from '../documents/documents.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_MAX_MB: '1' });
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (who: SignedUp, method: Method, path: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/user/${path}`, headers: { host: who.host, ...bearer(who.token) }, ...(payload ? { payload } : {}) });

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const PDF = Buffer.from('%PDF-1.4\n% a document\n');

function multipart(fileName: string, data: Buffer, field = 'file') {
  const boundary = '----tessera-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
const upload = (who: SignedUp, userId: string, fileName: string, data: Buffer, field = 'file') => {
  const { body, contentType } = multipart(fileName, data, field);
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/user/${userId}/image`,
    headers: { host: who.host, ...bearer(who.token), 'content-type': contentType },
    payload: body,
  });
};

const uploadImage = (who: SignedUp, name: string, data: Buffer) => {
  const body = documentMultipart({ name }, [{ name: 'image.png', data }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/image',
    headers: { host: who.host, ...bearer(who.token), ...body.headers },
    payload: body.payload,
  });
};

const eventsAbout = (tenantId: string, entity: string) =>
  t.app.db
    .select()
    .from(timelineEvents)
    .where(and(eq(timelineEvents.tenantId, tenantId), eq(timelineEvents.entity, entity)))
    .orderBy(timelineEvents.createdAt);
const rowOf = async (id: string) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0];

describe('GET user/{id}', () => {
  it('reads yourself; another user, or yourself through another tenant, is not found', async () => {
    const me = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    expect((await call(me, 'GET', me.user._id)).statusCode).toBe(200);
    expect((await call(me, 'GET', other.user._id)).statusCode).toBe(404);
    const elsewhere = await signUp(t.app, 'globex');
    expect((await call(elsewhere, 'GET', me.user._id)).statusCode).toBe(404);
  });
});

describe('PUT user/{id}', () => {
  const full = {
    firstname: 'Ada',
    middlename: 'King',
    lastname: 'Lovelace',
    displayname: 'Countess',
    phone: '(555) 123-4567',
    line1: '12 St James Square',
    line2: '',
    city: 'Boston',
    state: 'MA',
    zip: '02139',
    country: 'US',
    themeMode: 'dark',
    timeFormat: 'HH:mm:ss A',
    dateFormat: 'YYYY.MM.DD',
  };

  it('saves the account fields, empty optional values as null, and records old and new values', async () => {
    const me = await signUp(t.app, 'acme', { firstname: 'Augusta', lastname: 'Byron' });
    const res = await call(me, 'PUT', me.user._id, full);
    expect(res.statusCode, res.body).toBe(200);
    const saved = (res.json() as { data: User }).data;
    expect(saved).toMatchObject({ ...full, line2: null, email: me.email });

    const cleared = (await call(me, 'PUT', me.user._id, { middlename: '-', displayname: '- -', phone: '', city: null })).json() as {
      data: User;
    };
    expect(cleared.data).toMatchObject({ middlename: null, displayname: null, phone: null, city: null, firstname: 'Ada' });

    const events = (await eventsAbout(t.tenants.acme.id, me.user._id)).filter((e) => e.type === 'update');
    expect(events).toHaveLength(2);
    expect(events[0]!.meta.change).toMatchObject({
      firstname: { old: 'Augusta', new: 'Ada' },
      lastname: { old: 'Byron', new: 'Lovelace' },
      zip: { old: null, new: '02139' },
    });
    expect(events[0]!.meta.change).not.toHaveProperty('line2');
    expect(events[1]!.meta.change).toEqual({
      middlename: { old: 'King', new: null },
      displayname: { old: 'Countess', new: null },
      phone: { old: '(555) 123-4567', new: null },
      city: { old: 'Boston', new: null },
    });
    expect(events[0]!.userId).toBe(me.user._id);
  });

  it('changes nothing and records nothing when the values are the same', async () => {
    const me = await signUp(t.app, 'acme', { firstname: 'Same' });
    const res = await call(me, 'PUT', me.user._id, { firstname: 'Same' });
    expect(res.statusCode).toBe(200);
    expect((await eventsAbout(t.tenants.acme.id, me.user._id)).filter((e) => e.type === 'update')).toHaveLength(0);
  });

  it('never changes the e-mail', async () => {
    const me = await signUp(t.app, 'acme');
    const res = await call(me, 'PUT', me.user._id, { email: 'new@example.com', city: 'Paris' });
    expect(res.json().data).toMatchObject({ email: me.email, city: 'Paris' });
  });

  it.each([
    [{ phone: '0123456' }, 'body.phone'],
    [{ phone: '+1234567890123456' }, 'body.phone'],
    [{ phone: 'call me' }, 'body.phone'],
    [{ firstname: '' }, 'body.firstname: First name is required'],
    [{ lastname: '   ' }, 'body.lastname: Last name is required'],
    [{ zip: '1234', country: 'US' }, 'body.zip: Zip code must be 5 digits'],
    [{ zip: '123456' }, 'body.zip: Zip code must be 5 digits'],
    [{ state: 'Massachusetts', country: 'US' }, 'body.state: Choose a US state from the list'],
    [{ country: 'XX' }, 'body.country: Choose a country from the list'],
    [{ themeMode: 'blue' }, 'body.themeMode'],
    [{ dateFormat: 'DD/MM/YYYY' }, 'body.dateFormat'],
    [{ timeFormat: 'HH:mm' }, 'body.timeFormat'],
    [{ city: 'x'.repeat(101) }, 'body.city: City must be at most 100 characters'],
  ])('refuses %j, naming the field, and writes nothing', async (body, message) => {
    const me = await signUp(t.app, 'acme');
    const before = await rowOf(me.user._id);
    const res = await call(me, 'PUT', me.user._id, { city: 'Chicago', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ type: 'validation', status: 400 });
    expect(res.json().error.message).toContain(message);
    expect(await rowOf(me.user._id)).toEqual(before);
    expect((await eventsAbout(t.tenants.acme.id, me.user._id)).filter((e) => e.type === 'update')).toHaveLength(0);
  });

  it('checks a zip without a country in the body against the stored country (US when none)', async () => {
    const me = await signUp(t.app, 'acme');
    expect((await call(me, 'PUT', me.user._id, { zip: 'SW1A' })).statusCode).toBe(400);
    expect((await call(me, 'PUT', me.user._id, { country: 'GB', zip: 'SW1A 1AA', state: 'London' })).statusCode).toBe(200);
    expect((await call(me, 'PUT', me.user._id, { zip: 'EC1A 1BB' })).statusCode).toBe(200);
    // Moving back to the US with a British postcode is refused.
    const res = await call(me, 'PUT', me.user._id, { country: 'US' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('body.zip: Zip code must be 5 digits');
    expect((await rowOf(me.user._id))!.country).toBe('GB');
  });

  it("refuses another user's id as not found, and lets a platform admin change a member of their tenant", async () => {
    const me = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    const res = await call(other, 'PUT', me.user._id, { city: 'Hacked' });
    expect(res.statusCode).toBe(404);
    expect((await rowOf(me.user._id))!.city).toBeNull();

    const admin = await signUp(t.app, 'acme', { admin: true });
    const byAdmin = await call(admin, 'PUT', me.user._id, { city: 'Fixed' });
    expect(byAdmin.statusCode).toBe(200);
    const [event] = (await eventsAbout(t.tenants.acme.id, me.user._id)).filter((e) => e.type === 'update');
    expect(event).toMatchObject({ userId: admin.user._id, meta: { change: { city: { old: null, new: 'Fixed' } } } });

    const stranger = await signUp(t.app, 'globex');
    expect((await call(admin, 'PUT', stranger.user._id, { city: 'X' })).statusCode).toBe(404);
    expect((await call(admin, 'PUT', someObjectId(), { city: 'X' })).statusCode).toBe(404);
  });

  it('refuses a malformed id and an unauthenticated call', async () => {
    const me = await signUp(t.app, 'acme');
    expect((await call(me, 'PUT', 'not-an-id', { city: 'X' })).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/${me.user._id}`,
      headers: { host: hostOf('acme') },
      payload: { city: 'X' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT user/{id}/notifications', () => {
  it('merges the categories sent and records the change', async () => {
    const me = await signUp(t.app, 'acme');
    const res = await call(me, 'PUT', `${me.user._id}/notifications`, {
      notificationPreferences: { marketing: true, 'product-updates': false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.notificationPreferences).toEqual({
      'investment-updates': true,
      'account-management': true,
      'product-updates': false,
      marketing: true,
    });
    const [event] = await eventsAbout(t.tenants.acme.id, me.user._id).then((e) => e.filter((x) => x.type === 'update'));
    expect(event!.meta.change!.notificationPreferences).toMatchObject({ old: { marketing: false }, new: { marketing: true } });
  });

  it.each([
    [{ notificationPreferences: { newsletters: true } }, 'body.notificationPreferences'],
    [{ notificationPreferences: { marketing: 'yes' } }, 'body.notificationPreferences.marketing'],
    [{}, 'body.notificationPreferences'],
  ])('refuses %j and writes nothing', async (body, message) => {
    const me = await signUp(t.app, 'acme');
    const res = await call(me, 'PUT', `${me.user._id}/notifications`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect((await rowOf(me.user._id))!.notificationPreferences.marketing).toBe(false);
  });

  it("refuses another user's id as not found", async () => {
    const me = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    expect((await call(other, 'PUT', `${me.user._id}/notifications`, { notificationPreferences: { marketing: true } })).statusCode).toBe(
      404,
    );
    expect((await rowOf(me.user._id))!.notificationPreferences.marketing).toBe(false);
  });
});

describe('user image', () => {
  it('stores the image, serves it to members of the tenant with its sniffed type, and deletes the previous one', async () => {
    const me = await signUp(t.app, 'acme');
    const res = await upload(me, me.user._id, 'avatar.png', PNG);
    expect(res.statusCode, res.body).toBe(200);
    const url = (res.json() as { data: User }).data.image!;
    expect(url).toMatch(new RegExp(`^/api/v1/user/${me.user._id}/image/[0-9a-f]{24}$`));
    const firstKey = `user-images/${t.tenants.acme.id}/${me.user._id}/${url.split('/').pop()}`;
    expect(t.storage.keys()).toContain(firstKey);

    const colleague = await signUp(t.app, 'acme');
    const image = await t.app.inject({ method: 'GET', url, headers: { host: colleague.host, ...bearer(colleague.token) } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const outsider = await signUp(t.app, 'globex');
    expect((await t.app.inject({ method: 'GET', url, headers: { host: outsider.host, ...bearer(outsider.token) } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: { host: hostOf('acme') } })).statusCode).toBe(401);

    const second = await upload(me, me.user._id, 'avatar.jpg', JPEG);
    expect(second.statusCode).toBe(200);
    const secondUrl = (second.json() as { data: User }).data.image!;
    expect(t.storage.keys()).not.toContain(firstKey);
    expect((await t.app.inject({ method: 'GET', url, headers: { host: me.host, ...bearer(me.token) } })).statusCode).toBe(404);
    const jpeg = await t.app.inject({ method: 'GET', url: secondUrl, headers: { host: me.host, ...bearer(me.token) } });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');

    const events = (await eventsAbout(t.tenants.acme.id, me.user._id)).filter((e) => e.type === 'upload');
    expect(events.map((e) => e.meta.change!.image)).toEqual([
      { old: null, new: url },
      { old: url, new: secondUrl },
    ]);
  });

  it.each([
    ['a PDF', 'file.pdf', PDF, 'Files ending in .pdf are not accepted here'],
    [
      'text named .png',
      'evil.png',
      Buffer.from('<script>alert(1)</script>'),
      'The file is not a PNG image: its contents do not match its .png extension',
    ],
    ['a PNG named .jpg', 'avatar.jpg', PNG, 'The file is not a JPEG image: its contents are a PNG image'],
    ['an empty file', 'empty.png', Buffer.alloc(0), 'The file is empty'],
  ])('refuses %s with 400 and stores nothing', async (_what, name, data, message) => {
    const me = await signUp(t.app, 'acme');
    const before = t.storage.keys().length;
    const res = await upload(me, me.user._id, name, data);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(t.storage.keys()).toHaveLength(before);
    expect((await rowOf(me.user._id))!.image).toBeNull();
  });

  it('refuses a file over UPLOAD_MAX_MB with 413, a body without the file field with 400, JSON with 415, and a hostile file name is never a key', async () => {
    const me = await signUp(t.app, 'acme');
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]);
    const tooLarge = await upload(me, me.user._id, 'big.png', big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toMatchObject({ type: 'payload-too-large', message: 'The file is too large: the limit is 1 MB' });

    const wrongField = await upload(me, me.user._id, 'a.png', PNG, 'avatar');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.message).toBe('file: attach a file');

    // A JSON body is not the multipart form the route declares (issue #16: 415).
    const json = await call(me, 'PUT', `${me.user._id}/image`, { file: 'x' });
    expect(json.statusCode).toBe(415);

    const hostile = await upload(me, me.user._id, '../../etc/passwd.png', PNG);
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().error.message).toContain("The file name must be the file's own name, not a path");
    expect(t.storage.keys().some((k) => k.includes('passwd') || k.includes('..'))).toBe(false);
  });

  it("refuses another user's id as not found and stores nothing", async () => {
    const me = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    const before = t.storage.keys().length;
    expect((await upload(other, me.user._id, 'a.png', PNG)).statusCode).toBe(404);
    expect(t.storage.keys()).toHaveLength(before);
  });
});

describe('GET user/{id}/events', () => {
  it('lists events by and about yourself; another user gets 404', async () => {
    const me = await signUp(t.app, 'acme');
    await call(me, 'PUT', me.user._id, { city: 'Lisbon' });
    const res = await call(me, 'GET', `${me.user._id}/events?sort=createdAt&direction=desc`);
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json() as { data: TimelineEvent[]; meta: { total: number } };
    expect(data[0]).toMatchObject({ type: 'update', entity: me.user._id, meta: { change: { city: { old: null, new: 'Lisbon' } } } });
    expect(meta.total).toBeGreaterThanOrEqual(2);
    const other = await signUp(t.app, 'acme');
    expect((await call(other, 'GET', `${me.user._id}/events`)).statusCode).toBe(404);
  });
});

describe('GET user/{id}/share-entity-options', () => {
  it('lists the members you work with, searchable over name and e-mail and paginated; yours alone', async () => {
    const tag = `Sharetest${Date.now().toString(36)}`;
    const me = await signUp(t.app, 'acme', { lastname: tag });
    const grace = await signUp(t.app, 'acme', { firstname: 'Grace', lastname: tag });
    const alan = await signUp(t.app, 'acme', { firstname: 'Alan', lastname: tag });
    const suspended = await signUp(t.app, 'acme', { firstname: 'Gone', lastname: tag });
    const member = (
      await t.app.db
        .select()
        .from(tenantMembers)
        .where(and(eq(tenantMembers.tenantId, t.tenants.acme.id), eq(tenantMembers.userId, suspended.user._id)))
    )[0]!;
    await t.app.db
      .update(tenantMembers)
      .set({ membershipStatus: 'suspended' })
      .where(and(eq(tenantMembers.tenantId, member.tenantId), eq(tenantMembers.id, member.id)));
    await signUp(t.app, 'globex', { firstname: 'Elsewhere', lastname: tag });
    const stranger = await signUp(t.app, 'acme', { firstname: 'Stranger', lastname: tag });
    // Me, Grace, Alan and the suspended one are on one institution's team; the stranger works with none of them.
    const institution = await insertInstitution(t.app, t.tenants.acme.id, `Team ${tag}`);
    for (const who of [me, grace, alan, suspended]) await joinInstitutionTeam(t.app, t.tenants.acme.id, who.user._id, institution, null);
    const options = async (query: string, who = me) => {
      const res = await call(who, 'GET', `${who.user._id}/share-entity-options?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { _id: string; name: string; email: string }[]; meta: { page: number; limit: number; total: number } };
    };
    const option = (who: SignedUp, first: string) => ({ _id: who.user._id, name: `${first} ${tag}`, email: who.email });
    const byEmail = [option(grace, 'Grace'), option(alan, 'Alan')].sort((a, b) => a.email.localeCompare(b.email));

    expect(await options(`search=${tag.toLowerCase()}`)).toEqual({ data: byEmail, meta: { page: 1, limit: 20, total: 2 } });
    expect((await options(`search=${encodeURIComponent(`grace ${tag}`)}`)).data).toEqual([option(grace, 'Grace')]);
    expect((await options(`search=${encodeURIComponent(alan.email.toUpperCase())}`)).data).toEqual([option(alan, 'Alan')]);
    expect(await options(`search=${tag}&limit=1&page=2`)).toEqual({ data: [byEmail[1]], meta: { page: 2, limit: 1, total: 2 } });
    const all = await options('limit=100');
    expect(all.data.map((o) => o._id)).toEqual(expect.arrayContaining([grace.user._id, alan.user._id]));
    expect(all.data.map((o) => o._id)).not.toContain(me.user._id);
    expect(all.data.map((o) => o._id)).not.toContain(suspended.user._id);
    expect(all.data.map((o) => o._id)).not.toContain(stranger.user._id);
    // The tenant's owners may search every active member.
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    expect((await options(`search=${encodeURIComponent(stranger.email)}`, owner)).data).toEqual([option(stranger, 'Stranger')]);

    const tooShort = await call(me, 'GET', `${me.user._id}/share-entity-options?search=ab`);
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.message).toContain('search must be more than 2 characters');
    expect((await call(me, 'GET', `${me.user._id}/share-entity-options?limit=101`)).statusCode).toBe(400);

    const admin = await signUp(t.app, 'acme', { admin: true });
    for (const who of [grace, admin]) expect((await call(who, 'GET', `${me.user._id}/share-entity-options`)).statusCode).toBe(404);
  });
});

describe('GET user/{id}/share-entity-options order', () => {
  it('sorts by e-mail case-insensitively (lower(email), the index users_email_key)', async () => {
    const tag = `Shareorder${Date.now().toString(36)}`;
    const me = await signUp(t.app, 'acme', { lastname: tag });
    const people = await Promise.all(['Bea', 'Ann', 'Cyd'].map((firstname) => signUp(t.app, 'acme', { firstname, lastname: tag })));
    const institution = await insertInstitution(t.app, t.tenants.acme.id, `Order ${tag}`);
    for (const who of [me, ...people]) await joinInstitutionTeam(t.app, t.tenants.acme.id, who.user._id, institution, null);
    // Accounts of before e-mails were lower-cased: upper and lower case mixed, the order must not follow the case.
    const emails = [`B-${tag}@example.com`, `a-${tag}@example.com`, `C-${tag}@example.com`];
    for (const [i, who] of people.entries()) await t.app.db.update(users).set({ email: emails[i]! }).where(eq(users.id, who.user._id));
    const res = await call(me, 'GET', `${me.user._id}/share-entity-options?search=${tag.toLowerCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json() as { data: { email: string }[]; meta: object };
    expect(data.map((o) => o.email)).toEqual([`a-${tag}@example.com`, `B-${tag}@example.com`, `C-${tag}@example.com`]);
    expect(meta).toEqual({ page: 1, limit: 20, total: 3 });
  });
});

describe('GET user/{id}/export', () => {
  it('downloads everything held on you in this tenant as a JSON attachment', async () => {
    const me = await signUp(t.app, 'acme');
    await call(me, 'PUT', me.user._id, { city: 'Oslo' });
    const res = await call(me, 'GET', `${me.user._id}/export`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tessera-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = res.json() as UserExport;
    expect(doc).toMatchObject({
      format: EXPORT_FORMAT,
      version: 1,
      tenant: { _id: t.tenants.acme.id, slug: 'acme' },
      account: { _id: me.user._id, email: me.email, city: 'Oslo' },
      membership: { tenant: t.tenants.acme.id, user: me.user._id },
    });
    expect(doc.account).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(doc)).not.toContain('password_hash');
    expect(doc.timelineEvents.map((e) => e.type)).toEqual(['create', 'create', 'update']);
  });

  it("includes the passport's profiles, accounts and entities, with your secrets in clear, and nobody else's", async () => {
    const me = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    const api = (who: SignedUp, method: Method, path: string, payload: object) =>
      t.app.inject({ method, url: `/api/v1/${path}`, headers: { host: who.host, ...bearer(who.token) }, payload });
    const profile = (
      await api(me, 'POST', 'individual-profile', { firstname: 'Ada', lastname: 'Lovelace', user: me.user._id, acceptDisclosures: true })
    ).json().data;
    expect((await api(me, 'PUT', `individual-profile/${profile._id}`, { ssn: '123-45-6789' })).statusCode).toBe(200);
    expect(
      (await api(me, 'POST', 'financial-account', { accountName: 'Main checking', type: 'checking', number: '0001 2345 6789' })).statusCode,
    ).toBe(201);
    expect(
      (
        await api(me, 'POST', 'legal-entity-profile', {
          owner: me.user._id,
          name: 'Ada Holdings',
          legalEntityType: 'llc',
          acceptDisclosures: true,
        })
      ).statusCode,
    ).toBe(201);
    await api(other, 'POST', 'individual-profile', { firstname: 'Not', lastname: 'Mine', user: other.user._id, acceptDisclosures: true });

    const doc = (await call(me, 'GET', `${me.user._id}/export`)).json() as Record<string, { [key: string]: unknown }[]>;
    expect(doc.individualProfiles).toHaveLength(1);
    expect(doc.individualProfiles![0]).toMatchObject({ firstname: 'Ada', ssn: '123-45-6789' });
    expect(doc.financialAccounts![0]).toMatchObject({ accountName: 'Main checking', number: '000123456789' });
    expect(doc.legalEntityProfiles![0]).toMatchObject({ name: 'Ada Holdings' });
    for (const section of ['govPhotoIds', 'businesses', 'documents', 'images', 'accessGrantsHeld', 'accessGrantsGiven'])
      expect(doc[section]).toEqual([]);
    expect(JSON.stringify(doc)).not.toContain('Mine');
  });

  it('includes the images you uploaded and the access grants you hold or gave, without file bytes', async () => {
    const me = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    const image = (await uploadImage(me, 'Avatar', PNG)).json().data as { _id: string; url: string };
    await uploadImage(other, 'Not mine', PNG);
    const mine = (await uploadDocument(t.app, me, { fields: { name: 'My return' } })).json().data as { _id: string };
    const theirs = (await uploadDocument(t.app, other, { fields: { name: 'Their return' } })).json().data as { _id: string };
    const grantApi = (who: SignedUp, docId: string, subject: SignedUp, role: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/document/${docId}/access`,
        headers: { host: who.host, ...bearer(who.token) },
        payload: { subject: subject.user._id, role },
      });
    const given = (await grantApi(me, mine._id, other, 'editor')).json().data as { _id: string };
    const held = (await grantApi(other, theirs._id, me, 'viewer')).json().data as { _id: string };

    const doc = (await call(me, 'GET', `${me.user._id}/export`)).json() as Record<string, { [key: string]: unknown }[]>;
    expect(doc.images).toEqual([
      {
        _id: image._id,
        name: 'Avatar',
        type: null,
        tags: [],
        mimeType: 'image/png',
        size: PNG.length,
        url: image.url,
        createdAt: expect.any(String),
      },
    ]);
    expect(doc.accessGrantsGiven).toEqual([
      expect.objectContaining({
        _id: given._id,
        resource: mine._id,
        resourceType: 'document',
        resourceName: 'My return',
        resourceUrl: `/api/v1/document/${mine._id}/download`,
        subject: other.user._id,
        subjectEmail: other.email,
        role: 'editor',
        createdBy: me.user._id,
        expiresAt: null,
        createdAt: expect.any(String),
      }),
    ]);
    expect(doc.accessGrantsHeld).toEqual([
      expect.objectContaining({
        _id: held._id,
        resource: theirs._id,
        resourceName: 'Their return',
        subject: me.user._id,
        role: 'viewer',
        createdBy: other.user._id,
      }),
    ]);
    const text = JSON.stringify(doc);
    expect(text).not.toContain('Not mine');
    expect(text).not.toContain('storageKey');
    expect(text).not.toContain(PNG.toString('base64'));
  });

  it('is yours alone: another user, a platform admin and another tenant get 404', async () => {
    const me = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    const admin = await signUp(t.app, 'acme', { admin: true });
    const elsewhere = await signUp(t.app, 'globex');
    for (const who of [other, admin, elsewhere]) expect((await call(who, 'GET', `${me.user._id}/export`)).statusCode).toBe(404);
  });
});

describe('PUT user/{id}/tenant-member/preferences', () => {
  it("stores 'Set as default' on this tenant's membership and records the change", async () => {
    const me = await signUp(t.app, 'acme');
    const res = await call(me, 'PUT', `${me.user._id}/tenant-member/preferences`, { themeMode: 'dark', dateFormat: 'M/D/YYYY' });
    expect(res.statusCode, res.body).toBe(200);
    const member = (res.json() as { data: TenantMember }).data;
    expect(member.preferences).toEqual({ themeMode: 'dark', timeFormat: null, dateFormat: 'M/D/YYYY', appMode: null, institution: null });
    expect(member._id).toBe(me.tenantMember!._id);
    const [event] = await eventsAbout(t.tenants.acme.id, member._id).then((e) => e.filter((x) => x.type === 'update'));
    expect(event).toMatchObject({
      entityType: 'tenant-member',
      meta: { change: { themeMode: { old: null, new: 'dark' } } },
      refs: [{ entity: me.user._id, entityType: 'user' }],
    });

    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { host: me.host },
      payload: { email: me.email, password: PASSWORD },
    });
    expect(signin.json().data.tenantMember.preferences.themeMode).toBe('dark');
  });

  it('refuses bad values naming the field, and another user with 404', async () => {
    const me = await signUp(t.app, 'acme');
    const bad = await call(me, 'PUT', `${me.user._id}/tenant-member/preferences`, { themeMode: 'sepia' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('body.themeMode');
    const other = await signUp(t.app, 'acme');
    expect((await call(other, 'PUT', `${me.user._id}/tenant-member/preferences`, { themeMode: 'dark' })).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(tenantMembers).where(eq(tenantMembers.userId, me.user._id));
    expect(row!.preferences.themeMode).toBeNull();
  });
});

describe('archive, un-archive and delete (platform admins)', () => {
  const signin = (who: SignedUp) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { host: who.host },
      payload: { email: who.email, password: PASSWORD },
    });

  it('are refused to anyone else with 403, and change nothing', async () => {
    const me = await signUp(t.app, 'acme');
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    for (const [method, path] of [
      ['POST', 'archive'],
      ['POST', 'unarchive'],
      ['POST', 'un-archive'],
      ['DELETE', ''],
    ] as const) {
      const res = await call(owner, method, path ? `${me.user._id}/${path}` : me.user._id);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.type).toBe('forbidden');
    }
    expect(await rowOf(me.user._id)).toMatchObject({ archivedAt: null });
  });

  it('archive ends sign-in and sessions; un-archive (either spelling) restores them; each records an event', async () => {
    const admin = await signUp(t.app, 'acme', { admin: true });
    const me = await signUp(t.app, 'acme');
    const archived = await call(admin, 'POST', `${me.user._id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect((archived.json() as { data: AdminUser }).data.archivedAt).not.toBeNull();
    expect((await signin(me)).statusCode).toBe(401);
    expect((await call(me, 'GET', me.user._id)).statusCode).toBe(401);

    const restored = await call(admin, 'POST', `${me.user._id}/un-archive`);
    expect((restored.json() as { data: AdminUser }).data.archivedAt).toBeNull();
    expect((await signin(me)).statusCode).toBe(200);

    await call(admin, 'POST', `${me.user._id}/archive`);
    expect((await call(admin, 'POST', `${me.user._id}/unarchive`)).json().data.archivedAt).toBeNull();

    const events = (await eventsAbout(t.tenants.acme.id, me.user._id)).filter((e) => e.type === 'archive' || e.type === 'restore');
    expect(events.map((e) => e.type)).toEqual(['archive', 'restore', 'archive', 'restore']);
    expect(events[0]!.meta.change!.archivedAt).toMatchObject({ old: null });
    expect(events[1]!.meta.change!.archivedAt).toMatchObject({ new: null });
    expect(events[0]!.userId).toBe(admin.user._id);
  });

  it('delete removes the user and their memberships after recording the event', async () => {
    const admin = await signUp(t.app, 'acme', { admin: true });
    const me = await signUp(t.app, 'acme');
    await signin({ ...me, host: hostOf('globex') });
    await upload(me, me.user._id, 'a.png', PNG);
    const res = await call(admin, 'DELETE', me.user._id);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await rowOf(me.user._id)).toBeUndefined();
    const members = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tenantMembers)
      .where(eq(tenantMembers.userId, me.user._id));
    expect(members[0]!.n).toBe(0);
    expect(t.storage.keys().some((k) => k.includes(me.user._id))).toBe(false);
    const [event] = (await eventsAbout(t.tenants.acme.id, me.user._id)).filter((e) => e.type === 'delete');
    expect(event).toMatchObject({ userId: admin.user._id, meta: { delete: { email: me.email } } });
    expect((await signin(me)).statusCode).toBe(401);
    expect((await call(admin, 'DELETE', me.user._id)).statusCode).toBe(404);
  });

  it('refuse your own account, unknown ids and users of other tenants', async () => {
    const admin = await signUp(t.app, 'acme', { admin: true });
    expect((await call(admin, 'POST', `${admin.user._id}/archive`)).statusCode).toBe(400);
    expect((await call(admin, 'DELETE', admin.user._id)).statusCode).toBe(400);
    expect((await call(admin, 'POST', `${someObjectId()}/archive`)).statusCode).toBe(404);
    const stranger = await signUp(t.app, 'globex');
    expect((await call(admin, 'POST', `${stranger.user._id}/archive`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', stranger.user._id)).statusCode).toBe(404);
    expect(await rowOf(stranger.user._id)).toMatchObject({ archivedAt: null });
  });
});
