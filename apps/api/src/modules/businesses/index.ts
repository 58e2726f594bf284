// The public face of the businesses module: how other modules read a business and its owners.
export { findBusiness, listBusinessPartnerIds, listOwners, toBusiness } from './businesses.repository.ts';
