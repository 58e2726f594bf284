import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { makePdf, PNG, uploadDocument } from '../src/modules/documents/documents.test-helpers.ts';
import { hostOf } from './build-test-app.ts';
import { bearer, type SignedUp } from './factories.ts';
import { registerPii } from './pii-scan.ts';

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** Distinctive classified values, new for every call and registered with the PII scan (test/pii-scan.ts). */
export function piiSentinels() {
  // SSNs and TINs starting with 9 are never issued as SSNs; 987-65-432x is the range reserved for examples.
  const values = {
    ssn: `987-65-${digits(4)}`,
    tin: `9${digits(2)}-7${digits(1)}-${digits(4)}`,
    ein: `9${digits(1)}-${digits(7)}`,
    businessEin: `8${digits(1)}-${digits(7)}`,
    idNumber: `Q${digits(8)}`,
    accountNumber: `77${digits(10)}`,
    birthDate: `19${digits(1)}${randomInt(1, 10)}-0${randomInt(1, 10)}-1${randomInt(1, 10)}`,
  };
  registerPii('ssn', values.ssn);
  registerPii('tin', values.tin);
  registerPii('ein', values.ein);
  registerPii('business-ein', values.businessEin);
  registerPii('gov-id-number', values.idNumber);
  registerPii('account-number', values.accountNumber);
  registerPii('date-of-birth', values.birthDate);
  return values;
}
export type PiiSentinels = ReturnType<typeof piiSentinels>;

export interface SeededPassport {
  values: PiiSentinels;
  profileId: string;
  accountId: string;
  businessId: string;
  govPhotoId: string;
  /** The ID's back, a PDF whose parsed text holds the ID number. */
  backDocumentId: string;
}

/**
 * A complete passport written through the API with sentinel values: an individual profile (ssn, tin, ein, birth
 * date), a financial account, a business and a government photo ID whose back is parsed. Every classified encrypted
 * field is written once.
 */
export async function seedPassport(app: FastifyInstance, who: SignedUp, values: PiiSentinels = piiSentinels()): Promise<SeededPassport> {
  const host = hostOf(who.host.split('.')[0]!);
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await app.inject({ method, url: `/api/v1/${url}`, headers: { host, ...bearer(who.token) }, payload });
    expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
    return (res.json() as { data: { _id: string } }).data._id;
  };
  const profileId = await call('POST', 'individual-profile', { firstname: 'Pii', lastname: 'Sentinel', acceptDisclosures: true });
  await call('PUT', `individual-profile/${profileId}`, { ssn: values.ssn, tin: values.tin, ein: values.ein, birthDate: values.birthDate });
  const accountId = await call('POST', 'financial-account', {
    accountName: 'Sentinel checking',
    type: 'checking',
    number: values.accountNumber,
  });
  const businessId = await call('POST', 'business', {
    name: 'Sentinel Inc',
    dba: 'Sentinel',
    netWorth: 1,
    revenue: 1,
    ein: values.businessEin,
    businessType: 'c-corporation',
    line1: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  });
  const upload = async (name: string, data: Buffer) => {
    const res = await uploadDocument(app, who, { name, data, fields: { type: 'GOVERNMENT_ID' } });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: { _id: string } }).data._id;
  };
  // The back of the ID as a PDF that shows its number, parsed: the parsed text (an encrypted field) holds the number.
  const backDocumentId = await upload('back.pdf', makePdf(`Passport back ${values.idNumber}`));
  const parsed = await app.inject({
    method: 'POST',
    url: `/api/v1/document/${backDocumentId}/parse`,
    headers: { host, ...bearer(who.token) },
  });
  expect(parsed.statusCode, parsed.body).toBe(200);
  const govPhotoId = await call('POST', 'gov-photo-id', {
    type: 'passport',
    number: values.idNumber,
    expirationDate: '2031-05-01',
    issuingCountry: 'US',
    issuingState: 'NY',
    issuingDate: '2021-05-01',
    issuingAuthority: 'U.S. Department of State',
    individualProfile: profileId,
    documentFrontId: await upload('front.png', PNG),
    documentBackId: backDocumentId,
  });
  return { values, profileId, accountId, businessId, govPhotoId, backDocumentId };
}
