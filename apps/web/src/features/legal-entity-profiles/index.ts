// The legal-entity-profiles feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { useLegalEntityProfiles } from './api/list-legal-entity-profiles.ts';
