import { EMPTY_CONTACT, EMPTY_GICS, type IndividualProfile, type LegalEntityProfile, type Stakeholder } from '@tessera/domain';

export const ENTITY_ID = 'e1e1e1e1e1e1e1e1e1e1e1e1';
export const ADA_ID = 'd1d1d1d1d1d1d1d1d1d1d1d1';
export const BOB_ID = 'd2d2d2d2d2d2d2d2d2d2d2d2';
const NOW = '2026-01-02T03:04:05.000Z';

export function makeEntity(overrides: Partial<LegalEntityProfile> = {}): LegalEntityProfile {
  return {
    _id: ENTITY_ID,
    name: 'Orbit Holdings',
    displayname: null,
    website: null,
    image: null,
    legalEntityType: 'llc',
    parentLegalEntity: null,
    gics: EMPTY_GICS,
    contact: EMPTY_CONTACT,
    ownership: { stakeholders: [] },
    natureOfBusiness: null,
    countryOfOrganization: null,
    stateOfOrganization: null,
    financialAccounts: [],
    verificationStatus: 'not-started',
    owner: 'b2b2b2b2b2b2b2b2b2b2b2b2',
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

export function makeStakeholder(overrides: Partial<Stakeholder> = {}): Stakeholder {
  return {
    _id: 'f1f1f1f1f1f1f1f1f1f1f1f1',
    individualProfile: ADA_ID,
    name: 'Ada Lovelace',
    stakeholderType: 'beneficial-owner',
    title: 'CEO',
    equity: 60,
    fiduciaryRole: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

function makeIndividual(id: string, firstname: string, lastname: string): IndividualProfile {
  return {
    _id: id,
    user: 'b2b2b2b2b2b2b2b2b2b2b2b2',
    firstname,
    lastname,
    middlename: '',
    birthDate: null,
    birthPlace: 'US',
    gender: 'male',
    citizenship: 'US',
    occupation: null,
    crd: null,
    ssn: null,
    tin: null,
    ein: null,
    image: null,
    contact: EMPTY_CONTACT,
    govPhotoIds: [],
    financialAccounts: [],
    revealed: false,
    createdAt: NOW,
    updatedAt: NOW,
  };
}

export const INDIVIDUALS = [makeIndividual(ADA_ID, 'Ada', 'Lovelace'), makeIndividual(BOB_ID, 'Bob', 'Trustee')];
