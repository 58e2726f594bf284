import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { errorEnvelope } from '@tessera/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../lib/storage/local-storage.ts';
import { insertEvaluatorLink } from '../modules/applications/evaluators.test-helpers.ts';
import { metadata, multipart } from '../modules/documents/documents.test-helpers.ts';
import type { RouteEntry } from '../plugins/route-table.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { admittedCaller, callerHeaders, entityValues, isolationContext, type IsolationContext } from './isolation.registry.ts';
import { apiRoutes, changedTables, fingerprint, routeName, sampleRequest, WALK_TIMEOUT_MS } from './security.test-helpers.ts';
import { BAD_UPLOADS, GOOD_UPLOADS } from './upload-corpus.test-helpers.ts';

/**
 * The text fields an upload route needs beyond its file, where the generated sample has none to give. A new upload
 * route is walked without being listed; it lands here only if its good PNG is refused for want of a field.
 */
const FIELDS: Record<string, Record<string, string>> = {
  'POST /api/v1/document': metadata,
  'POST /api/v1/tenant/:t/leads/:id/documents': metadata,
  'PUT /api/v1/tenant/:t/branding/media': { type: 'logo-light' },
  // An answer whose evidence needs no date (a letter), so the file checks are what decides.
  'POST /api/v1/application/:id/documents': { questionKey: 'individualIncomeEvalUpload' },
};
/** The query an upload route needs, where the generated sample cannot give it: the evaluator's upload takes a real link's token. */
const QUERIES: Record<string, Record<string, string>> = {};

/** Multipart routes that store nothing, so the upload corpus does not apply; each with why and where it is tested. */
const NOT_UPLOADS: Record<string, string> = {
  'POST /api/v1/tenant/:t/esignature/verify':
    'checks a PDF (415 for anything else) and stores nothing; modules/esign/esign.test.ts covers it',
};

let t: TestApp;
let ctx: IsolationContext;
let storageDir: string;
let uploads: RouteEntry[];
let params: Map<RouteEntry, Record<string, string>>;

/** Every file under the storage root, as keys ('documents/<tenant>/<id>'). */
const filesOnDisk = () =>
  readdirSync(storageDir, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(storageDir, path)).isFile())
    .map((path) => relative(storageDir, join(storageDir, path)))
    .sort();

beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), 'tessera-uploads-'));
  // The smallest limit the configuration takes (1 MB), on the real local-disk storage: what lands on disk is checked.
  t = await buildTestApp({ UPLOAD_MAX_MB: '1' }, { storage: { ...createLocalStorage(storageDir), keys: filesOnDisk } });
  ctx = await isolationContext(t);
  // Issue #18: the identity inquiry's pictures go to an open inquiry of the caller (tenant A's owner).
  const opened = await ctx.send<{ inquiry: { _id: string } }>(ctx.owner, {
    method: 'POST',
    url: `/api/v1/user/${ctx.owner.user._id}/onboarding/identity/inquiries`,
  });
  FIELDS['PUT /api/v1/user/:id/onboarding/identity/documents'] = { inquiryId: opened.inquiry._id, side: 'front' };
  uploads = apiRoutes(t.app).filter((r) => r.consumes.includes('multipart/form-data') && !NOT_UPLOADS[routeName(r)]);
  params = await entityValues(ctx, uploads);
  // Issue #19: the evaluator's upload goes through a pending link on the application the factory made.
  const [applicationId] = await ctx.of('/api/v1/application/:id');
  const link = await insertEvaluatorLink(t.app, {
    tenantId: t.tenants.acme.id,
    applicationId: applicationId!,
    createdBy: ctx.owner.user._id,
  });
  QUERIES['POST /api/v1/application/:id/evaluator/documents'] = { token: link.token };
}, WALK_TIMEOUT_MS);
afterAll(async () => {
  await t?.close();
  rmSync(storageDir, { recursive: true, force: true });
});

function uploadRequest(route: RouteEntry, file: { name: string; data: Buffer }): InjectOptions {
  const query = QUERIES[routeName(route)];
  const base = sampleRequest(route, params.get(route), query ? { query } : undefined);
  const form = multipart(FIELDS[routeName(route)] ?? {}, [{ name: file.name, data: file.data }]);
  return { ...base, payload: form.payload, headers: { ...form.headers, ...callerHeaders(ctx, admittedCaller(route)) } };
}

const send = (route: RouteEntry, file: { name: string; data: Buffer }) => t.app.inject(uploadRequest(route, file));

describe('every multipart upload route', () => {
  it('is found in the route table, and takes a good PNG (so that its refusals below mean something)', async () => {
    expect(uploads.map(routeName).sort()).toEqual(
      expect.arrayContaining(['POST /api/v1/document', 'POST /api/v1/image', 'PUT /api/v1/user/:id/image']),
    );
    expect(uploads.length).toBeGreaterThanOrEqual(8);
    for (const route of uploads) {
      const res = await send(route, { name: 'ok.png', data: GOOD_UPLOADS.png });
      // A POST creates (201), a PUT replaces (200).
      expect(res.statusCode, `${routeName(route)}: ${res.body}`).toBe(route.method === 'POST' ? 201 : 200);
    }
  });

  it(
    'refuses each bad file with a 400 that says why, and writes nothing to the database or the disk',
    async () => {
      const failures: string[] = [];
      const cases = [
        ...BAD_UPLOADS,
        {
          label: 'a file over UPLOAD_MAX_MB',
          name: 'big.png',
          status: 413,
          message: /The file is too large: the limit is 1 MB/,
          data: Buffer.concat([GOOD_UPLOADS.png, Buffer.alloc(1024 * 1024)]),
        },
      ];
      for (const route of uploads) {
        for (const bad of cases) {
          const before = await fingerprint(t.app);
          const disk = filesOnDisk();
          const res = await send(route, bad);
          const shown = `${routeName(route)} ${bad.label}`;
          const status = 'status' in bad ? bad.status : 400;
          const envelope = errorEnvelope.safeParse(res.json());
          if (res.statusCode !== status || !envelope.success || envelope.data.error.status !== status) {
            failures.push(`${shown}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          } else if (!bad.message.test(envelope.data.error.message)) {
            failures.push(`${shown}: unclear message ${JSON.stringify(envelope.data.error.message)}`);
          }
          const changed = changedTables(before, await fingerprint(t.app));
          if (changed.length) failures.push(`${shown}: wrote to ${changed.join(', ')}`);
          const added = filesOnDisk().filter((f) => !disk.includes(f));
          if (added.length) failures.push(`${shown}: left ${added.join(', ')} on disk`);
        }
      }
      expect(failures).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it('inspects Office files where it takes them: a clean .docx passes every check the bombs failed', async () => {
    const takesOffice: string[] = [];
    for (const route of uploads) {
      const res = await send(route, { name: 'letter.docx', data: GOOD_UPLOADS.docx });
      if (res.statusCode < 300) takesOffice.push(routeName(route));
      else expect(res.json().error.message, routeName(route)).toMatch(/Files ending in \.docx are not accepted here/);
    }
    // Documents take Office files; if none did, the zip cases above would prove only the extension check.
    expect(takesOffice).toContain('POST /api/v1/document');
  });

  it('stores a file under a generated key, never under any part of its name', async () => {
    const name = 'Résumé ü (final).2024.png';
    for (const route of uploads) {
      const disk = filesOnDisk();
      const res = await send(route, { name, data: GOOD_UPLOADS.png });
      expect(res.statusCode, `${routeName(route)}: ${res.body}`).toBe(route.method === 'POST' ? 201 : 200);
      const added = filesOnDisk().filter((f) => !disk.includes(f));
      expect(added.length, routeName(route)).toBe(1);
      for (const key of added) {
        expect(key, routeName(route)).toMatch(/^[a-z-]+(\/[0-9a-z-]+)+$/);
        expect(key).not.toMatch(/sum|final|2024|png/i);
      }
    }
  });
});

describe('downloads', () => {
  it('send the stored name as a safe, encoded attachment name with nosniff', async () => {
    const route = uploads.find((r) => routeName(r) === 'POST /api/v1/document')!;
    const name = 'Résumé <b>Q1 ü.2024.pdf';
    const created = await send(route, { name, data: GOOD_UPLOADS.pdf });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { data: { _id: string } }).data._id;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/document/${id}/download`, headers: callerHeaders(ctx, 'owner') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toBe('application/pdf');
    const disposition = String(res.headers['content-disposition']);
    // The quoted name is printable ASCII without quotes or markup; the exact name travels RFC 5987-encoded.
    expect(disposition).toBe(
      `attachment; filename="R_sum_ bQ1 _.2024.pdf"; filename*=UTF-8''${encodeURIComponent('Résumé bQ1 ü.2024.pdf')}`,
    );
  });

  it('serve images as the type their bytes show, with nosniff', async () => {
    const route = uploads.find((r) => routeName(r) === 'POST /api/v1/image')!;
    const created = await send(route, { name: 'logo.png', data: GOOD_UPLOADS.png });
    const { _id } = (created.json() as { data: { _id: string } }).data;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/image/${_id}`, headers: callerHeaders(ctx, 'owner') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
