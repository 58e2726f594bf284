// The user feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { getShareEntityOptions, shareEntityOptionsQueryKey } from './api/get-share-entity-options.ts';
export { userQueryOptions, useUser } from './api/get-user.ts';
