// The marketplace feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { marketplaceKey } from './api/get-marketplace-offer.ts';
export { useMarketplaceOffers } from './api/list-marketplace-offers.ts';
export { useOfferCta } from './open-offer-cta.ts';
export { useMarketplaceOffer } from './api/get-marketplace-offer.ts';
