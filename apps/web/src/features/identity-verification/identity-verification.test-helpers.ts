import type { IdentityInquiry } from '@tessera/domain';
import { USER_ID } from '../../test/fixtures.ts';

export const INQUIRY_ID = 'c4c4c4c4c4c4c4c4c4c4c4c4';

export function makeInquiry(overrides: Partial<IdentityInquiry> = {}): IdentityInquiry {
  return {
    _id: INQUIRY_ID,
    user: USER_ID,
    provider: 'builtin',
    status: 'started',
    documentType: null,
    uploads: { front: false, back: false, selfie: false },
    fields: null,
    outcome: null,
    checks: [],
    document: null,
    submittedAt: null,
    decidedAt: null,
    completedAt: null,
    createdAt: '2026-11-27T09:30:00.000Z',
    updatedAt: '2026-11-27T09:30:00.000Z',
    ...overrides,
  };
}

export const identityPath = (suffix = '') => `/api/v1/user/${USER_ID}/onboarding/identity${suffix}`;
