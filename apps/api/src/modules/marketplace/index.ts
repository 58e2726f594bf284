// The public face of the marketplace module: what an investor may see of an offer (approved, published, visible).
export { findListedOffer } from './marketplace.repository.ts';
export {
  anyListedOfferNamed,
  listedOffersByIds,
  nameText,
  searchListedOffers,
  visibleDocumentNames,
  type Bounds,
  type ListedOfferFacts,
  type ListedOfferSearch,
} from './marketplace-search.ts';
