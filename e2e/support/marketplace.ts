import type { JourneyTenant } from './tenant.ts';

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
  /** A second call to action, when the journey needs one. */
  secondaryCta?: { label: string; url: string };
  /** Classes after Class A (named, with the same metrics), when the journey compares classes. */
  moreClasses?: string[];
  institution: { name: string; slug: string };
}

/**
 * An institution with one offer on the journey tenant's marketplace, made the way users make it by the tenant's
 * owner: created, filled in, its four required documents uploaded and listed, approved and shown, published.
 */
export async function seedListedOffer(tenant: JourneyTenant, seed: ListedOfferSeed) {
  const token = tenant.owner.token;
  const send = <T>(method: string, path: string, body?: unknown) => tenant.api<T>(method, path, { token, body });
  const t = `/tenant/${tenant.tenantId}`;
  const { data: institution } = await send<{ data: { _id: string } }>('POST', `${t}/institutions`, {
    name: seed.institution.name,
    slug: seed.institution.slug,
    type: 'fund',
    descriptionShort: 'A fund seeded by the marketplace journey',
  });
  const { data: offer } = await send<{ data: { _id: string } }>('POST', `${t}/offers`, {
    name: seed.name,
    slug: seed.slug,
    institution: institution._id,
  });
  const o = `${t}/offers/${offer._id}`;
  await send('PUT', `${o}/details`, {
    name: seed.name,
    slug: seed.slug,
    type: null,
    assetClass: seed.assetClass,
    equityType: null,
    description: '<p>A long description of the journey offer.</p>',
    descriptionShort: 'A journey offer, seeded through the API.',
    fedExemptionExclusions: [],
  });
  await send('PUT', `${o}/financials`, {
    classes: ['Class A', ...(seed.moreClasses ?? [])].map((name, index) => ({
      id: index === 0 ? 'class-a' : `class-${index + 1}`,
      name,
      minimumInvestment: 25_000 * (index + 1),
      internalRateOfReturn: seed.irr,
      equityMultiple: 2.1,
      holdingPeriod: 60,
    })),
    customMetrics: [],
    capitalRaiseMin: null,
    capitalRaiseMax: null,
    capitalRaiseTotal: null,
  });
  await send('PUT', `${o}/cta`, { primaryCTA: { label: 'Reserve a Spot', url: seed.ctaUrl }, secondaryCTA: seed.secondaryCta ?? null });
  await send('PUT', `${o}/status`, { openDate: new Date(Date.now() - 86_400_000).toISOString(), closeDate: null });
  const documents = [];
  for (const [position, type] of REQUIRED.entries()) {
    const form = new FormData();
    form.set('file', new Blob([PDF_BYTES], { type: 'application/pdf' }), `${type}.pdf`);
    form.set('name', `${type}.pdf`);
    form.set('type', type);
    form.set('entityType', 'OFFER');
    const { data } = await send<{ data: { _id: string } }>('POST', '/document', form);
    documents.push({ document: data._id, type, position, hidden: false });
  }
  await send('PUT', `${o}/documents`, { documents });
  await send('PUT', `${o}/approval`, { approvalStatus: 'approved' });
  await send('PUT', `${o}/publishing`, { published: true });
  await send('PUT', `${o}/marketplace-config`, { visibilityStatus: 'visible' });
  return { institutionId: institution._id, offerId: offer._id };
}

/** Puts offers in the showcase carousel (the tenant's handpicked deals), in this order. */
export async function setHandpicked(tenant: JourneyTenant, handpickedOfferIds: string[]) {
  await tenant.api('PUT', `/tenant/${tenant.tenantId}/marketplace/settings`, { token: tenant.owner.token, body: { handpickedOfferIds } });
}
