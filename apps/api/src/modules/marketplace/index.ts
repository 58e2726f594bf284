// The public face of the marketplace module: what an investor may see of an offer (approved, published, visible).
export { findListedOffer } from './marketplace.repository.ts';
