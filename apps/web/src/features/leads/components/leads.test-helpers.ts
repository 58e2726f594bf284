import type { TenantLead, Workflow } from '@tessera/domain';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';

export const LEAD_ID = 'e5e5e5e5e5e5e5e5e5e5e5e5';
export const INSTITUTION_ID = 'c5c5c5c5c5c5c5c5c5c5c5c5';
export const NOTE_ID = 'f6f6f6f6f6f6f6f6f6f6f6f6';
export const MEMBER_ID = 'a7a7a7a7a7a7a7a7a7a7a7a7';
export const USER_ID = 'b8b8b8b8b8b8b8b8b8b8b8b8';
export const OFFER_ID = 'd4d4d4d4d4d4d4d4d4d4d4d4';
export const LEADS_API = `/api/v1/tenant/${TENANT_ID}/leads`;
export const LEAD_API = `${LEADS_API}/${LEAD_ID}`;

export function makeLead(overrides: Partial<TenantLead> = {}): TenantLead {
  return {
    _id: LEAD_ID,
    institution: INSTITUTION_ID,
    firstname: 'Ada',
    lastname: 'Lovelace',
    middlename: null,
    email: 'ada@lovelace.example',
    phone: '+14045550123',
    company: 'Analytical Engines LLC',
    companyTitle: 'Managing Partner',
    origin: 'manual',
    interests: ['Multifamily'],
    tags: ['Warm'],
    image: null,
    imageUrl: null,
    tenantMember: null,
    inviteStatus: 'none',
    accountStatus: 'none',
    notesCount: 1,
    workflowsCount: 0,
    createdAt: '2026-11-25T09:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    notes: [
      {
        _id: NOTE_ID,
        lead: LEAD_ID,
        content: 'Wants the Q1 deck.',
        createdBy: { _id: USER_ID, name: 'Grace Hopper' },
        createdAt: '2026-11-26T10:00:00.000Z',
        updatedAt: '2026-11-26T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

/** A lead whose tenant member is active: an investor account. */
export const activeMember = { _id: MEMBER_ID, user: USER_ID, membershipStatus: 'active', role: 'investor' } as const;

export function makeWorkflow(overrides: Partial<Workflow> = {}): Workflow {
  return {
    _id: '9a9a9a9a9a9a9a9a9a9a9a9a',
    name: 'Investment - Harbor Lofts',
    type: 'investment',
    status: 'in-progress',
    owner: USER_ID,
    ownerName: 'Ada Lovelace',
    offer: { _id: OFFER_ID, name: 'Harbor Lofts' },
    institution: { _id: INSTITUTION_ID, name: 'Northwind Capital' },
    amount: 25000,
    percentComplete: 15,
    currentStepKey: 'investor-type',
    nextStep: { key: 'investor-type', name: 'Investor type' },
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    description: null,
    ownerEmail: 'ada@lovelace.example',
    createdBy: null,
    steps: [],
    config: { offer: OFFER_ID, institution: INSTITUTION_ID, documents: [], amount: 25000, esignTemplateId: null },
    refs: { entity: LEAD_ID, entityType: 'tenant-lead' },
    completedAt: null,
    ...overrides,
  };
}

const emptyList = () => jsonResponse({ data: [], meta: { page: 1, limit: 20, total: 0 } });

type Handler = Parameters<typeof mockFetch>[0];

/**
 * The lead API as the contract answers it: GET the lead, empty lists for its parts; `handler` answers first (return
 * undefined to fall through).
 */
export function mockLeadApi(lead: TenantLead, handler?: (...args: Parameters<Handler>) => Response | Promise<Response> | undefined) {
  return mockFetch(async (path, init, url) => {
    const answered = await handler?.(path, init, url);
    if (answered) return answered;
    if (path === LEAD_API && (init?.method ?? 'GET') === 'GET') return jsonResponse({ data: lead });
    if (path === `${LEAD_API}/accreditation-application`) return jsonResponse({ data: null });
    return emptyList();
  });
}
