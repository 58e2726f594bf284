// The offers feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { offersKey, offersQueryOptions, useOffers } from './api/list-offers.ts';
