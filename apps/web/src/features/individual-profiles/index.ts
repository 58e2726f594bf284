// The individual-profiles feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { useIndividualProfiles } from './api/list-individual-profiles.ts';
export { useAddGovPhotoIdToProfile } from './api/set-individual-profile-gov-photo-ids.ts';
export { useProfileId } from './components/individual-profile-page.tsx';
