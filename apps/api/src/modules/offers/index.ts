// The public face of the offers module: how other modules ask about an offer, its documents and listing.
export {
  documentListedOnOffer,
  documentRoleThroughOffer,
  findOffer,
  listingStatusCondition,
  offerMinimumInvestment,
} from './offers.repository.ts';
