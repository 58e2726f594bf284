// The public face of the offers module: how other modules ask about an offer's documents and listing.
export {
  documentListedOnOffer,
  documentRoleThroughOffer,
  listingStatusCondition,
  offerMinimumInvestment,
} from './offers.repository.ts';
