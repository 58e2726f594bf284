import type { AccessGrant, DocumentRecord, TenantRole } from '@tessera/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, timelineEvents, users } from '../../db/schema/index.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, lastMailTo, PASSWORD, signUp, uniqueEmail, type SignedUp } from '../../../test/factories.ts';
import { deflateSync } from 'node:zlib';
import { extractPdfText, MAX_INFLATED_BYTES } from './pdf-text.ts';
import { makePdf, metadata, multipart, PNG, uploadDocument } from './documents.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_MAX_MB: '1' });
});
afterAll(async () => {
  await t?.close();
});

const call = (who: SignedUp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, slug = 'acme') =>
  t.app.inject({ method, url: `/api/v1/${url}`, headers: { host: hostOf(slug), ...bearer(who.token) }, ...(payload && { payload }) });

async function upload(who: SignedUp, options: Parameters<typeof uploadDocument>[2] = {}): Promise<DocumentRecord> {
  const res = await uploadDocument(t.app, who, options);
  expect(res.statusCode, res.body).toBe(201);
  const doc = res.json().data as DocumentRecord;
  expect(res.headers.location).toBe(`/api/v1/document/${doc._id}`);
  return doc;
}
const documentCount = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(documents))[0]!.n;
const userCount = async (email: string) =>
  (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.email, email)))[0]!.n;
const eventsOf = (id: string) =>
  t.app.db
    .select()
    .from(timelineEvents)
    .where(and(eq(timelineEvents.entityType, 'document'), eq(timelineEvents.entity, id)));

async function share(owner: SignedUp, docId: string, to: SignedUp, role: TenantRole, expiresAt?: string): Promise<AccessGrant> {
  const res = await call(owner, 'POST', `document/${docId}/access`, { subject: to.user._id, role, ...(expiresAt && { expiresAt }) });
  expect(res.statusCode, res.body).toBe(201);
  const grant = res.json().data as AccessGrant;
  expect(res.headers.location).toBe(`/api/v1/document/${docId}/access/${grant._id}`);
  return grant;
}

describe('upload', () => {
  it('stores the file under a generated key, records the event and answers the metadata', async () => {
    const owner = await signUp(t.app, 'acme');
    const doc = await upload(owner, { fields: { tags: 'tax, 2024', description: 'Federal' } });
    expect(doc).toMatchObject({
      name: 'Tax return 2024',
      type: 'INCOME_TAX',
      entityType: 'USER',
      tags: ['tax', '2024'],
      description: 'Federal',
      mimeType: 'application/pdf',
      originalName: 'return.pdf',
      uploadedBy: owner.user._id,
      parsed: false,
      url: `/api/v1/document/${doc._id}/download`,
    });
    expect(doc.rights).toEqual({ read: true, update: true, delete: true, share: true });
    expect(t.storage.keys()).toContain(`documents/${t.tenants.acme.id}/${doc._id}`);
    const [event] = await eventsOf(doc._id);
    expect(event).toMatchObject({ type: 'upload', userId: owner.user._id });
    expect(event!.meta.change!.name).toEqual({ old: null, new: 'Tax return 2024' });
  });

  it.each([
    [{ type: '' }, 'body.type'],
    [{ entityType: 'PLANET' }, 'body.entityType'],
    [{ name: '' }, 'Name is required'],
  ])('refuses metadata %j naming the field, and writes nothing', async (fields, message) => {
    const owner = await signUp(t.app, 'acme');
    const before = await documentCount();
    const keys = t.storage.keys().length;
    const res = await uploadDocument(t.app, owner, { fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(await documentCount()).toBe(before);
    expect(t.storage.keys().length).toBe(keys);
  });

  it('refuses a file over the size limit with 413', async () => {
    const owner = await signUp(t.app, 'acme');
    const res = await uploadDocument(t.app, owner, { data: Buffer.concat([makePdf('x'), Buffer.alloc(1024 * 1024 + 10, 32)]) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ type: 'payload-too-large', message: 'The file is too large: the limit is 1 MB' });
  });

  it('refuses content that is not on the allow-list, and a double extension', async () => {
    const owner = await signUp(t.app, 'acme');
    const exe = await uploadDocument(t.app, owner, { name: 'setup.pdf', data: Buffer.from('MZ\x90\x00 this is a program') });
    expect(exe.statusCode, exe.body).toBe(400);
    expect(exe.json().error.message).toBe('The file is not a PDF: its contents do not match its .pdf extension');
    const double = await uploadDocument(t.app, owner, { name: 'return.pdf.exe' });
    expect(double.statusCode).toBe(400);
    expect(double.json().error.message).toContain('Files ending in .exe are not accepted here');
    const empty = multipart(metadata, []);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/document',
      headers: { host: hostOf('acme'), ...bearer(owner.token), ...empty.headers },
      payload: empty.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('file: attach a file');
  });

  it('refuses a path as a file name, and keeps an odd one only as a safe display name', async () => {
    const owner = await signUp(t.app, 'acme');
    const path = await uploadDocument(t.app, owner, { name: '..\\..\\etc/passwd.pdf' });
    expect(path.statusCode).toBe(400);
    expect(path.json().error.message).toContain('not a path');
    const doc = await upload(owner, { name: '<script>passwd|.pdf' });
    expect(doc.originalName).toBe('scriptpasswd.pdf');
    expect(t.storage.keys().filter((k) => k.includes('etc') || k.includes('passwd'))).toEqual([]);
    const res = await call(owner, 'GET', `document/${doc._id}/download`);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="scriptpasswd.pdf"; filename*=UTF-8''scriptpasswd.pdf`);
  });
});

describe('read, download, update, delete', () => {
  it('downloads the bytes with safe headers', async () => {
    const owner = await signUp(t.app, 'acme');
    const data = makePdf('Hello');
    const doc = await upload(owner, { data, name: 'Résumé 2024.pdf' });
    const res = await call(owner, 'GET', `document/${doc._id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-disposition': `attachment; filename="R_sum_ 2024.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%202024.pdf`,
    });
  });

  it('hides documents from other users and other tenants (404)', async () => {
    const owner = await signUp(t.app, 'acme');
    const doc = await upload(owner);
    const stranger = await signUp(t.app, 'acme');
    const elsewhere = await signUp(t.app, 'globex');
    for (const [method, url] of [
      ['GET', ''],
      ['GET', '/download'],
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/parse'],
      ['GET', '/events'],
      ['GET', '/access'],
    ] as const) {
      const body = method === 'PUT' ? { name: 'x' } : undefined;
      expect((await call(stranger, method, `document/${doc._id}${url}`, body)).statusCode).toBe(404);
      expect((await call(elsewhere, method, `document/${doc._id}${url}`, body, 'globex')).statusCode).toBe(404);
    }
    const list = await call(stranger, 'GET', 'document');
    expect(list.json().data.map((d: DocumentRecord) => d._id)).not.toContain(doc._id);
  });

  it('updates metadata with old and new values in the timeline; bad input is 400 with nothing written', async () => {
    const owner = await signUp(t.app, 'acme');
    const doc = await upload(owner);
    const res = await call(owner, 'PUT', `document/${doc._id}`, { name: 'Return', tags: ['a', 'b'], type: 'ASSET' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Return', tags: ['a', 'b'], type: 'ASSET', entityType: 'USER' });
    const update = (await eventsOf(doc._id)).find((e) => e.type === 'update')!;
    expect(update.meta.change).toEqual({
      name: { old: 'Tax return 2024', new: 'Return' },
      tags: { old: [], new: ['a', 'b'] },
      type: { old: 'INCOME_TAX', new: 'ASSET' },
    });
    const bad = await call(owner, 'PUT', `document/${doc._id}`, { type: 'NOPE', name: 'Changed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('body.type');
    expect((await call(owner, 'GET', `document/${doc._id}`)).json().data.name).toBe('Return');
  });

  it('deletes the row, its grants and the stored file', async () => {
    const owner = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    const doc = await upload(owner);
    await share(owner, doc._id, other, 'viewer');
    const res = await call(owner, 'DELETE', `document/${doc._id}`);
    expect(res.statusCode).toBe(204);
    expect(t.storage.keys()).not.toContain(`documents/${t.tenants.acme.id}/${doc._id}`);
    expect((await call(owner, 'GET', `document/${doc._id}`)).statusCode).toBe(404);
    expect((await eventsOf(doc._id)).find((e) => e.type === 'delete')!.meta.delete).toMatchObject({ name: 'Tax return 2024' });
  });
});

describe('list and search', () => {
  it('filters by type, entity type, tags and search, including parsed PDF text', async () => {
    const owner = await signUp(t.app, 'acme');
    const a = await upload(owner, { fields: { name: 'Alpha', tags: 'k1,shared' }, data: makePdf('quarterly zebra figures') });
    const b = await upload(owner, { fields: { name: 'Beta', type: 'ASSET', entityType: 'BUSINESS', tags: '["shared"]' } });
    const ids = async (query: string) => (await call(owner, 'GET', `document?${query}`)).json().data.map((d: DocumentRecord) => d._id);
    expect(await ids('')).toEqual([b._id, a._id]);
    expect(await ids('type=ASSET')).toEqual([b._id]);
    expect(await ids('entityType=USER')).toEqual([a._id]);
    expect(await ids('tags=shared')).toEqual([b._id, a._id]);
    expect(await ids('tags=k1,shared')).toEqual([a._id]);
    expect(await ids('search=zebra')).toEqual([]);
    const parsed = await call(owner, 'POST', `document/${a._id}/parse`);
    expect(parsed.statusCode, parsed.body).toBe(200);
    expect(parsed.json().data).toMatchObject({ characters: 23, document: { parsed: true } });
    expect(await ids('search=zebra')).toEqual([a._id]);
    const page = await call(owner, 'GET', 'document?limit=1&page=2');
    expect(page.json().meta).toEqual({ page: 2, limit: 1, total: 2 });
    expect((await call(owner, 'GET', 'document?type=NOPE')).statusCode).toBe(400);
  });

  it('parses CSV as it is and refuses images with a clear message', async () => {
    const owner = await signUp(t.app, 'acme');
    const csv = await upload(owner, { name: 'holdings.csv', data: Buffer.from('ticker,shares\nACME,10\n') });
    expect((await call(owner, 'POST', `document/${csv._id}/parse`)).json().data.characters).toBe(22);
    const png = await upload(owner, { name: 'scan.png', data: PNG });
    const res = await call(owner, 'POST', `document/${png._id}/parse`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Only PDF, CSV and text documents can be parsed; this one is image/png');
  });
});

describe('pdf text extraction', () => {
  it('reads Tj and TJ strings from plain and Flate streams', () => {
    expect(extractPdfText(makePdf('Plain (text) here', false))).toBe('Plain (text) here');
    expect(extractPdfText(makePdf('Compressed words'))).toBe('Compressed words');
    const tj = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Length 60 >>\nstream\nBT [(Hel) -20 (lo) -500 (World)] TJ T* <48692021> Tj ET\nendstream\nendobj\n',
    );
    expect(extractPdfText(tj)).toBe('Hello World\nHi !');
  });

  it('stops inflating a decompression bomb at its budget instead of exhausting memory', () => {
    // One honest stream, then ~100 KB of deflate that would expand to 100 MB, many times over.
    const bomb = deflateSync(Buffer.alloc(100 * 1024 * 1024, 0x20));
    const stream = (data: Buffer) =>
      Buffer.concat([
        Buffer.from(`1 0 obj << /Length ${data.length} /Filter /FlateDecode >>\nstream\n`),
        data,
        Buffer.from('\nendstream\nendobj\n'),
      ]);
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      stream(deflateSync('BT (before) Tj ET')),
      ...Array.from({ length: 50 }, () => stream(bomb)),
    ]);
    expect(bomb.length).toBeLessThan(MAX_INFLATED_BYTES / 100);
    const before = process.memoryUsage().arrayBuffers;
    const started = performance.now();
    expect(extractPdfText(pdf)).toBe('before');
    // 50 bombs inflated to the 32 MB cap each would take tens of seconds; extraction stops at the first.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(MAX_INFLATED_BYTES * 2);
  });
});

describe('access grants', () => {
  it('gives exactly the rights of the role', async () => {
    const owner = await signUp(t.app, 'acme');
    const doc = await upload(owner);
    const expectations: [TenantRole, Record<string, number>][] = [
      ['viewer', { read: 200, update: 403, parse: 403, share: 403, delete: 403 }],
      ['member', { read: 200, update: 403, parse: 403, share: 403, delete: 403 }],
      ['editor', { read: 200, update: 200, parse: 200, share: 403, delete: 403 }],
      ['owner', { read: 200, update: 200, parse: 200, share: 200, delete: 204 }],
    ];
    for (const [role, codes] of expectations) {
      const target = role === 'owner' ? await upload(owner) : doc;
      const grantee = await signUp(t.app, 'acme');
      await share(owner, target._id, grantee, role);
      const got = {
        read: (await call(grantee, 'GET', `document/${target._id}/download`)).statusCode,
        update: (await call(grantee, 'PUT', `document/${target._id}`, { description: role })).statusCode,
        parse: (await call(grantee, 'POST', `document/${target._id}/parse`)).statusCode,
        share: (await call(grantee, 'GET', `document/${target._id}/access`)).statusCode,
        delete: (await call(grantee, 'DELETE', `document/${target._id}`)).statusCode,
      };
      expect({ role, ...got }).toEqual({ role, ...codes });
      if (role !== 'owner') {
        const listed = (await call(grantee, 'GET', 'document')).json().data as DocumentRecord[];
        expect(listed.map((d) => d._id)).toEqual([doc._id]);
      }
    }
  });

  it('stops at the expiry (test clock) and records old and new on changes', async () => {
    const owner = await signUp(t.app, 'acme');
    const viewer = await signUp(t.app, 'acme');
    const doc = await upload(owner);
    const expiresAt = new Date(t.clock.now().getTime() + 10 * 60 * 1000).toISOString();
    const grant = await share(owner, doc._id, viewer, 'viewer', expiresAt);
    expect(grant).toMatchObject({ role: 'viewer', expiresAt, expired: false, subjectEmail: viewer.email });
    expect((await lastMailTo(t.app, viewer.email)).mail?.subject).toContain('shared a document with you');
    expect((await call(viewer, 'GET', `document/${doc._id}`)).statusCode).toBe(200);
    t.clock.advance(11 * 60 * 1000);
    expect((await call(viewer, 'GET', `document/${doc._id}`)).statusCode).toBe(404);
    expect((await call(viewer, 'GET', 'document')).json().data).toEqual([]);
    const page = (await call(owner, 'GET', `document/${doc._id}/access`)).json();
    expect(page.meta).toEqual({ page: 1, limit: 20, total: 1 });
    const listed = page.data as AccessGrant[];
    expect(listed[0]).toMatchObject({ _id: grant._id, expired: true });

    const renewed = await call(owner, 'PUT', `document/${doc._id}/access/${grant._id}`, { role: 'member', expiresAt: null });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().data).toMatchObject({ role: 'member', expiresAt: null, expired: false });
    expect((await call(viewer, 'GET', `document/${doc._id}`)).statusCode).toBe(200);
    const change = (await eventsOf(doc._id)).find((e) => e.message.startsWith('Changed the access'))!;
    expect(change.meta.change).toEqual({ role: { old: 'viewer', new: 'member' }, expiresAt: { old: expiresAt, new: null } });

    expect((await call(owner, 'DELETE', `document/${doc._id}/access/${grant._id}`)).statusCode).toBe(204);
    expect((await call(viewer, 'GET', `document/${doc._id}`)).statusCode).toBe(404);
  });

  it('refuses bad grants: no subject, both, unknown member, the uploader, twice', async () => {
    const owner = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    const outsider = await signUp(t.app, 'globex');
    const doc = await upload(owner);
    const post = (body: object) => call(owner, 'POST', `document/${doc._id}/access`, body);
    expect((await post({ role: 'viewer' })).json().error.message).toContain('Give either a subject or a subjectEmail');
    expect((await post({ subject: other.user._id, subjectEmail: other.email, role: 'viewer' })).statusCode).toBe(400);
    expect((await post({ subject: other.user._id, role: 'boss' })).json().error.message).toContain('body.role');
    expect((await post({ subject: outsider.user._id, role: 'viewer' })).statusCode).toBe(404);
    expect((await post({ subject: owner.user._id, role: 'viewer' })).statusCode).toBe(400);
    await share(owner, doc._id, other, 'viewer');
    expect((await post({ subject: other.user._id, role: 'viewer' })).statusCode).toBe(409);
  });

  it('invites an unknown e-mail, who sees the document after accepting; resend only until they accept', async () => {
    const owner = await signUp(t.app, 'acme');
    const doc = await upload(owner);
    const email = uniqueEmail('invitee');
    const res = await call(owner, 'POST', `document/${doc._id}/access`, { subjectEmail: email, role: 'viewer' });
    expect(res.statusCode, res.body).toBe(201);
    const grant = res.json().data as AccessGrant;
    expect(grant).toMatchObject({ subjectEmail: email, subject: null, subjectName: email, subjectSignupStatus: 'partial', role: 'viewer' });
    const { mail, token } = await lastMailTo(t.app, email);
    expect(mail?.subject).toBe('You are invited to Acme Capital');

    const resent = await call(owner, 'POST', `document/${doc._id}/access/${grant._id}/resend-invite`);
    expect(resent.statusCode).toBe(200);
    const second = await lastMailTo(t.app, email);
    expect(second.token).not.toBe(token);

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/invite-accept',
      headers: { host: hostOf('acme') },
      payload: { email, password: PASSWORD, firstname: 'Ivy', lastname: 'Invitee', acceptDisclosures: true, inviteToken: second.token },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const invitee = { token: accepted.json().data.token } as SignedUp;
    const list = (await call(invitee, 'GET', 'document')).json().data as DocumentRecord[];
    expect(list.map((d) => d._id)).toEqual([doc._id]);
    expect(list[0]!.rights).toEqual({ read: true, update: false, delete: false, share: false });
    const again = await call(owner, 'POST', `document/${doc._id}/access/${grant._id}/resend-invite`);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toContain('already accepted the invitation');
  });

  it('shares with an existing member by e-mail without inviting', async () => {
    const owner = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme', { firstname: 'Pickme' });
    const doc = await upload(owner);
    const res = await call(owner, 'POST', `document/${doc._id}/access`, { subjectEmail: other.email.toUpperCase(), role: 'editor' });
    expect(res.json().data).toMatchObject({ subject: other.user._id, subjectSignupStatus: 'complete' });
    expect((await lastMailTo(t.app, other.email)).mail?.subject).toContain('shared a document with you');
    const assoc = await call(owner, 'GET', `document/${doc._id}/associations`);
    expect(assoc.json().data.grants).toHaveLength(1);
    expect(assoc.json().data.entities[0]).toMatchObject({ entity: owner.user._id, entityType: 'user' });
    const history = await call(owner, 'GET', `document/${doc._id}/events`);
    expect(history.json().data.map((e: { type: string }) => e.type)).toEqual(['access', 'upload']);
  });

  it('refuses an expiry in the past with 400 naming the field, on share and on change, and writes nothing', async () => {
    const owner = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    const doc = await upload(owner);
    const past = new Date(t.clock.now().getTime() - 60 * 1000).toISOString();
    const invitee = uniqueEmail('past');
    for (const body of [
      { subject: other.user._id, role: 'viewer', expiresAt: past },
      { subjectEmail: invitee, role: 'viewer', expiresAt: past },
    ]) {
      const res = await call(owner, 'POST', `document/${doc._id}/access`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ type: 'validation', message: 'body.expiresAt: The expiry must be in the future' });
    }
    expect((await call(owner, 'GET', `document/${doc._id}/access`)).json().data).toEqual([]);
    expect(await userCount(invitee)).toBe(0);
    expect((await lastMailTo(t.app, invitee)).mail).toBeUndefined();

    const grant = await share(owner, doc._id, other, 'viewer');
    const changed = await call(owner, 'PUT', `document/${doc._id}/access/${grant._id}`, { expiresAt: past });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error.message).toBe('body.expiresAt: The expiry must be in the future');
    expect((await call(owner, 'GET', `document/${doc._id}/access`)).json().data[0]).toMatchObject({ expiresAt: null, expired: false });
  });

  it('invites and grants in one transaction: when the grant fails there is no invited account and no mail', async () => {
    const owner = await signUp(t.app, 'acme');
    const doc = await upload(owner);
    const email = uniqueEmail('doomed');
    // A real failure inside the grant's insert, for this address only.
    await t.app.db.execute(
      sql.raw(`create function refuse_doomed_grant() returns trigger language plpgsql as $$
      begin if new.subject_email = '${email}' then raise exception 'grant refused by test'; end if; return new; end $$`),
    );
    await t.app.db.execute(
      sql.raw('create trigger refuse_doomed_grant before insert on access_grants for each row execute function refuse_doomed_grant()'),
    );
    try {
      const res = await call(owner, 'POST', `document/${doc._id}/access`, { subjectEmail: email, role: 'viewer' });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql.raw('drop trigger refuse_doomed_grant on access_grants'));
      await t.app.db.execute(sql.raw('drop function refuse_doomed_grant()'));
    }
    expect(await userCount(email)).toBe(0);
    expect((await lastMailTo(t.app, email)).mail).toBeUndefined();
    expect((await eventsOf(doc._id)).map((e) => e.type)).toEqual(['upload']);

    const retried = await call(owner, 'POST', `document/${doc._id}/access`, { subjectEmail: email, role: 'viewer' });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(await userCount(email)).toBe(1);
    expect((await lastMailTo(t.app, email)).mail?.subject).toBe('You are invited to Acme Capital');
  });
});
