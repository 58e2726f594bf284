// The public face of the legal-entity-profiles module, owner of `legal_entity_profiles` and their stakeholders.
export {
  findProfile as findLegalEntityProfile,
  listStakeholders,
  toLegalEntityProfile,
  unlinkFinancialAccountFromEntities,
} from './legal-entity-profiles.repository.ts';
