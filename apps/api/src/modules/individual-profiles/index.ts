// The public face of the individual-profiles module, owner of the `individual_profiles` table.
export {
  findOwnedProfiles,
  findProfile,
  linkGovPhotoId,
  unlinkFinancialAccount,
  unlinkGovPhotoId,
} from './individual-profiles.repository.ts';
export { toIndividualProfile } from './individual-profiles.service.ts';
export { fillProfileFromIdentity, profileForIdentityCheck, type VerifiedIdentity } from './individual-profiles.identity.ts';
