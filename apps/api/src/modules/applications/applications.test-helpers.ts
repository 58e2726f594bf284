import type { Application, ApplicationDocument, DocumentAnswerKey } from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { applications, evaluatorRequests, type ApplicationRow } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { makePdf, multipart } from '../documents/documents.test-helpers.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { bearer, type SignedUp } from '../../../test/factories.ts';

export const DAY_MS = 86_400_000;

/** Calls the API as `who`, at their tenant's host. */
export function apiOf(t: TestApp) {
  const call = (who: SignedUp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: { host: who.host, ...bearer(who.token) }, ...(payload ? { payload } : {}) });

  /** The caller's new application (POST application). */
  const start = async (who: SignedUp): Promise<Application> => {
    const res = await call(who, 'POST', 'application', {});
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`POST application: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: Application }).data;
  };

  const move = (who: SignedUp, id: string, direction: 'next' | 'back', questionId: string, answers: object = {}) =>
    call(who, 'PUT', `application/${id}`, { direction, questionId, answers });

  /** POST application/{id}/documents with a PDF (or the given file) for an answer. */
  const upload = (
    who: SignedUp,
    id: string,
    questionKey: DocumentAnswerKey,
    options: { documentDate?: string; name?: string; data?: Buffer; fileName?: string } = {},
  ) => {
    const fields: Record<string, string> = { questionKey };
    if (options.documentDate) fields.documentDate = options.documentDate;
    if (options.name) fields.name = options.name;
    const body = multipart(fields, [
      { name: options.fileName ?? 'evidence.pdf', data: options.data ?? makePdf(`Evidence for ${questionKey}`) },
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/application/${id}/documents`,
      headers: { host: who.host, ...bearer(who.token), ...body.headers },
      payload: body.payload,
    });
  };

  /** An uploaded document's id, failing the test on anything but 201. */
  const uploaded = async (...args: Parameters<typeof upload>): Promise<string> => {
    const res = await upload(...args);
    if (res.statusCode !== 201) throw new Error(`upload ${args[2]}: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: ApplicationDocument }).data._id;
  };

  return { call, start, move, upload, uploaded };
}

/** `who` signed in again: a session does not outlive a jump of the clock. */
export async function signInAgain(t: TestApp, who: SignedUp): Promise<SignedUp> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    headers: { host: who.host },
    payload: { email: who.email, password: who.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign in: ${res.statusCode} ${res.body}`);
  return { ...who, token: (res.json() as { data: { token: string } }).data.token };
}

/** YYYY-MM-DD of the test clock, `days` ago. */
export const daysAgo = (t: TestApp, days: number) => new Date(t.clock.now().getTime() - days * DAY_MS).toISOString().slice(0, 10);

/** Moves the test clock to `iso` (it keeps running from there). */
export function setClock(t: TestApp, iso: string): void {
  t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());
}

/** A PDF whose Info dictionary says it was created at `date`. */
export function pdfCreatedAt(date: Date, text = 'Statement'): Buffer {
  const pdfDate = `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
  const plain = makePdf(text).toString('latin1');
  return Buffer.from(
    plain.replace(
      'trailer << /Root 1 0 R >>',
      `5 0 obj << /Producer (Bank) /CreationDate (${pdfDate}) /ModDate (D:20990101000000Z) >> endobj\ntrailer << /Root 1 0 R /Info 5 0 R >>`,
    ),
    'latin1',
  );
}

/** A minimal JPEG whose EXIF says it was taken at `date` ('YYYY:MM:DD HH:MM:SS'). */
export function jpegTakenAt(date: string): Buffer {
  const value = Buffer.from(`${date}\0`, 'latin1');
  // TIFF, little-endian: IFD0 with one entry pointing at the Exif IFD, which holds DateTimeOriginal (0x9003).
  const tiff = Buffer.alloc(44 + value.length);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x8769, 10);
  tiff.writeUInt16LE(4, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt32LE(26, 18);
  tiff.writeUInt32LE(0, 22);
  tiff.writeUInt16LE(1, 26);
  tiff.writeUInt16LE(0x9003, 28);
  tiff.writeUInt16LE(2, 30);
  tiff.writeUInt32LE(value.length, 32);
  tiff.writeUInt32LE(44, 36);
  tiff.writeUInt32LE(0, 40);
  value.copy(tiff, 44);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const marker = Buffer.alloc(4);
  marker.writeUInt16BE(0xffe1, 0);
  marker.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), marker, payload, Buffer.from([0xff, 0xd9])]);
}

/** An evaluator request as PUT application/{id}/evaluator will write it (that route belongs to the evaluator module). */
export async function insertEvaluatorRequest(
  t: TestApp,
  row: ApplicationRow | { tenantId: string; id: string; userId: string },
  questionId: string,
  values: Partial<typeof evaluatorRequests.$inferInsert> = {},
) {
  const [inserted] = await t.app.db
    .insert(evaluatorRequests)
    .values({
      tenantId: row.tenantId,
      id: newId(),
      applicationId: row.id,
      questionId,
      firstname: 'Carla',
      lastname: 'Reyes',
      email: 'carla.reyes@reyes-cpa.example',
      tokenHash: newId(),
      expiresAt: new Date(t.clock.now().getTime() + 14 * DAY_MS),
      createdBy: row.userId,
      ...values,
    })
    .returning();
  return inserted!;
}

/** Puts an application on a screen directly, with the completed screens and answers behind it. */
export async function placeAt(t: TestApp, application: { tenant: string; _id: string }, values: Partial<ApplicationRow>) {
  await t.app.db
    .update(applications)
    .set(values)
    .where(and(eq(applications.tenantId, application.tenant), eq(applications.id, application._id)));
}

/** A business of `who` (POST business) with one owner unless `owners` is false; its id. */
export async function createBusiness(api: ReturnType<typeof apiOf>, who: SignedUp, owners = true): Promise<string> {
  const res = await api.call(who, 'POST', 'business', {
    name: 'Doe Ventures LLC',
    dba: 'Doe Ventures',
    netWorth: 6_000_000,
    revenue: 2_000_000,
    ein: '12-3456789',
    businessType: 'limited-liability-company',
    line1: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  });
  if (res.statusCode !== 201) throw new Error(`POST business: ${res.statusCode} ${res.body}`);
  const id = (res.json() as { data: { _id: string } }).data._id;
  if (owners) {
    const owner = await api.call(who, 'POST', `business/${id}/owner`, {
      email: `owner-${newId()}@example.com`,
      firstname: 'Jane',
      lastname: 'Doe',
      title: 'Managing member',
      equity: 100,
    });
    if (owner.statusCode !== 201) throw new Error(`POST business owner: ${owner.statusCode} ${owner.body}`);
  }
  return id;
}
