import { expect } from 'vitest';
import { DEMO_OWNER, signInViaApi } from './api.ts';
import { urlOf } from './browser.ts';

/** The demo owner's token and tenant id (from the token's payload). */
export async function ownerSession(): Promise<{ token: string; tenantId: string }> {
  const token = await signInViaApi(DEMO_OWNER.email, DEMO_OWNER.password);
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { tenantId: string };
  return { token, tenantId: payload.tenantId };
}

/** Calls the API with a bearer token; fails the test on any error answer. */
export async function send<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const res = await fetch(urlOf(`/api/v1${path}`), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(isForm || body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: { message: string } };
  expect(res.ok, `${method} ${path}: ${json.error?.message}`).toBe(true);
  return json;
}

/** A small valid PDF, so a download can be compared byte for byte. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const REQUIRED = ['operating-agreement', 'private-placement-memorandum', 'subscription-agreement', 'wire-instructions'] as const;

export interface ListedOfferSeed {
  name: string;
  slug: string;
  assetClass: string;
  irr: number;
  ctaUrl: string;
  institution: { name: string; slug: string };
}

/**
 * An institution with one offer on the marketplace, made the way users make it: created, filled in, its four
 * required documents uploaded and listed, approved and shown by the owner, published. Returns the ids.
 */
export async function seedListedOffer(token: string, tenantId: string, seed: ListedOfferSeed) {
  const t = `/tenant/${tenantId}`;
  const { data: institution } = await send<{ data: { _id: string } }>(token, 'POST', `${t}/institutions`, {
    name: seed.institution.name, slug: seed.institution.slug, type: 'fund', descriptionShort: 'A fund seeded by the marketplace journey',
  });
  const { data: offer } = await send<{ data: { _id: string } }>(token, 'POST', `${t}/offers`, { name: seed.name, slug: seed.slug, institution: institution._id });
  const o = `${t}/offers/${offer._id}`;
  await send(token, 'PUT', `${o}/details`, {
    name: seed.name, slug: seed.slug, type: null, assetClass: seed.assetClass, equityType: null,
    description: '<p>A long description of the journey offer.</p>', descriptionShort: 'A journey offer, seeded through the API.', fedExemptionExclusions: [],
  });
  await send(token, 'PUT', `${o}/financials`, {
    classes: [{ id: 'class-a', name: 'Class A', minimumInvestment: 25_000, internalRateOfReturn: seed.irr, equityMultiple: 2.1, holdingPeriod: 60 }],
    customMetrics: [], capitalRaiseMin: null, capitalRaiseMax: null, capitalRaiseTotal: null,
  });
  await send(token, 'PUT', `${o}/cta`, { primaryCTA: { label: 'Reserve a Spot', url: seed.ctaUrl }, secondaryCTA: null });
  await send(token, 'PUT', `${o}/status`, { openDate: new Date(Date.now() - 86_400_000).toISOString(), closeDate: null });
  const documents = [];
  for (const [position, type] of REQUIRED.entries()) {
    const form = new FormData();
    form.set('file', new Blob([PDF_BYTES], { type: 'application/pdf' }), `${type}.pdf`);
    form.set('name', `${type}.pdf`);
    form.set('type', type);
    form.set('entityType', 'OFFER');
    const { data } = await send<{ data: { _id: string } }>(token, 'POST', '/document', form);
    documents.push({ document: data._id, type, position, hidden: false });
  }
  await send(token, 'PUT', `${o}/documents`, { documents });
  await send(token, 'PUT', `${o}/approval`, { approvalStatus: 'approved' });
  await send(token, 'PUT', `${o}/publishing`, { published: true });
  await send(token, 'PUT', `${o}/marketplace-config`, { visibilityStatus: 'visible' });
  return { institutionId: institution._id, offerId: offer._id };
}

/** Sends the demo owner back to Invest mode with no institution picked, whatever an earlier journey left. */
export async function resetOwnerMode(token: string) {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { userId: string };
  await send(token, 'PUT', `/user/${payload.userId}/tenant-member/mode`, { appMode: 'investor', institution: null });
}

/** Puts offers in the showcase carousel (the tenant's handpicked deals). */
export async function setHandpicked(token: string, tenantId: string, handpickedOfferIds: string[]) {
  await send(token, 'PUT', `/tenant/${tenantId}/marketplace/settings`, { handpickedOfferIds });
}
