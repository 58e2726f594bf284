import { deriveListingStatus, marketplaceImagePath, type MarketplaceOffer } from '@tessera/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { InstitutionRow, OfferRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { documentFactsOf, findListedOffer } from './marketplace.repository.ts';

export interface MarketplaceDeps {
  db: DbOrTx;
  clock: Clock;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const visible = <T extends { hidden: boolean; position: number }>(items: readonly T[]) =>
  items.filter((i) => !i.hidden).sort((a, b) => a.position - b.position);

/** The public address of a visible media item: its own external URL, else the marketplace image path. */
function publicSrc(tenantId: string, item: { image: string; url?: string } | undefined): string | null {
  if (!item) return null;
  return item.url ?? marketplaceImagePath(tenantId, item.image);
}

/** The investor's view of an offer: hidden media, metrics and documents never leave the server. */
async function toMarketplaceOffer(db: DbOrTx, offer: OfferRow, institution: InstitutionRow, now: Date): Promise<MarketplaceOffer> {
  const listed = visible(offer.documents);
  const facts = new Map((await documentFactsOf(db, offer.tenantId, listed.map((d) => d.document))).map((d) => [d.id, d]));
  return {
    _id: offer.id,
    slug: offer.slug,
    name: offer.name,
    description: offer.description,
    descriptionShort: offer.descriptionShort,
    type: offer.type,
    assetClass: offer.assetClass,
    institution: {
      _id: institution.id, name: institution.name, slug: institution.slug, type: institution.type,
      descriptionShort: institution.descriptionShort, logoUrl: publicSrc(offer.tenantId, visible(institution.images).find((i) => i.purpose === 'logo')),
    },
    images: visible(offer.images).map((i) => ({ ...i, src: publicSrc(offer.tenantId, i)! })),
    bannerUrl: publicSrc(offer.tenantId, visible(offer.images).find((i) => i.purpose === 'banner') ?? visible(offer.images).find((i) => i.purpose === 'primary')),
    videos: visible(offer.videos),
    openDate: iso(offer.openDate),
    closeDate: iso(offer.closeDate),
    listingStatus: deriveListingStatus(offer.openDate, offer.closeDate, now),
    fedExemptionExclusions: offer.fedExemptionExclusions,
    customMetrics: visible(offer.customMetrics),
    primaryCTA: offer.primaryCta,
    secondaryCTA: offer.secondaryCta,
    classes: offer.classes.map((c) => ({ ...c, customMetrics: visible(c.customMetrics) })),
    documents: listed.flatMap((d) => {
      const f = facts.get(d.document);
      return f ? [{ _id: f.id, name: f.name, originalName: f.originalName, mimeType: f.mimeType, size: f.size, position: d.position }] : [];
    }),
  };
}

/** 001 §7 GET marketplace offers/{idOrSlug}: open to everyone; anything not on the marketplace is a 404. */
export async function getMarketplaceOffer(deps: MarketplaceDeps, tenantId: string, idOrSlug: string): Promise<MarketplaceOffer> {
  const found = await findListedOffer(deps.db, tenantId, idOrSlug);
  if (!found) throw notFound('Offer');
  return toMarketplaceOffer(deps.db, found.offer, found.institution, deps.clock.now());
}
