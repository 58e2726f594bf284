import type { IdentityInquiry, OpenedIdentityInquiry } from '@tessera/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { IdentityDecision, IdentityOutcome, VerifyDocumentInput } from '../../lib/identity/identity-provider.ts';
import { hostOf } from '../../../test/build-test-app.ts';
import { bearer, type SignedUp } from '../../../test/factories.ts';
import { multipart, PNG } from '../documents/documents.test-helpers.ts';

/** What the fake verifier was asked, in order. */
export const verifierCalls: VerifyDocumentInput[] = [];
/** The outcome the fake verifier gives next (a test sets it); 'throw' makes it fail. */
export const nextVerdict: { outcome: IdentityOutcome | 'throw'; document?: IdentityDecision['document'] } = { outcome: 'approved' };

/** A verifier that gives `nextVerdict`, with the typed fields as the document's (the real one reads them). */
export async function fakeVerifier(input: VerifyDocumentInput): Promise<IdentityDecision> {
  verifierCalls.push(input);
  if (nextVerdict.outcome === 'throw') throw new Error('worker crashed');
  const failed = nextVerdict.outcome === 'rejected';
  return {
    outcome: nextVerdict.outcome,
    checks: [
      {
        name: 'document-readable',
        status: nextVerdict.outcome === 'manual-review' ? 'failed' : 'passed',
        detail: nextVerdict.outcome === 'manual-review' ? 'The machine-readable zone could not be read.' : 'The document was read.',
      },
      {
        name: 'not-expired',
        status: failed ? 'failed' : 'passed',
        detail: failed ? 'The document expired on 2020-01-01.' : 'The document expires on 2031-05-01.',
      },
    ],
    document: nextVerdict.document ?? (nextVerdict.outcome === 'manual-review' ? {} : { ...input.typed, documentType: input.documentType }),
  };
}

export const TYPED = {
  documentType: 'passport',
  firstName: 'Ada',
  lastName: 'Lovelace',
  birthDate: '1980-01-02',
  documentNumber: 'X1234567',
  expiryDate: '2031-05-01',
} as const;

type Send = (who: SignedUp, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => Promise<LightMyRequestResponse>;

/** Calls the API as someone, on their tenant's host unless `slug` is given. */
export const sender =
  (app: () => FastifyInstance, slug = 'acme'): Send =>
  (who, method, url, payload) =>
    app().inject({ method, url: `/api/v1/${url}`, headers: { host: hostOf(slug), ...bearer(who.token) }, ...(payload && { payload }) });

export function uploadPicture(
  app: FastifyInstance,
  who: SignedUp,
  inquiryId: string,
  side: string,
  file = { name: 'front.png', data: PNG },
  slug = 'acme',
) {
  const form = multipart({ inquiryId, side }, [{ name: file.name, data: file.data }]);
  return app.inject({
    method: 'PUT',
    url: `/api/v1/user/${who.user._id}/onboarding/identity/documents`,
    headers: { host: hostOf(slug), ...bearer(who.token), ...form.headers },
    payload: form.payload,
  });
}

export async function openInquiry(app: FastifyInstance, who: SignedUp, slug = 'acme'): Promise<OpenedIdentityInquiry> {
  const res = await sender(() => app, slug)(who, 'POST', `user/${who.user._id}/onboarding/identity/inquiries`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as OpenedIdentityInquiry;
}

/** Opens a built-in inquiry, gives the fields and the front, submits, and waits for the verdict. */
export async function verifyThroughApi(
  app: FastifyInstance,
  who: SignedUp,
  typed: object = TYPED,
  slug = 'acme',
): Promise<IdentityInquiry> {
  const send = sender(() => app, slug);
  const { inquiry } = await openInquiry(app, who, slug);
  const fields = await send(who, 'PUT', `user/${who.user._id}/onboarding/identity`, { inquiryId: inquiry._id, ...typed });
  expect(fields.statusCode, fields.body).toBe(200);
  const front = await uploadPicture(app, who, inquiry._id, 'front', undefined, slug);
  expect(front.statusCode, front.body).toBe(200);
  const submitted = await send(who, 'POST', `user/${who.user._id}/onboarding/identity/submit`, { inquiryId: inquiry._id });
  expect(submitted.statusCode, submitted.body).toBe(202);
  return waitForVerdict(app, who, inquiry._id, slug);
}

/** Polls the inquiry, as the page does, until it has a verdict. */
export async function waitForVerdict(app: FastifyInstance, who: SignedUp, inquiryId: string, slug = 'acme'): Promise<IdentityInquiry> {
  const send = sender(() => app, slug);
  for (let i = 0; i < 200; i++) {
    const res = await send(who, 'GET', `user/${who.user._id}/onboarding/identity/inquiries/${inquiryId}`);
    const inquiry = res.json().data as IdentityInquiry;
    if (inquiry.outcome) return inquiry;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the inquiry got no verdict');
}
