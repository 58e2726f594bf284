import type { BillingPlanState, BillingProfile, Invoice, PaymentMethod, Pricing, ProrationPreview, TenantMember } from '@tessera/domain';
import { BillingPanel } from '../index.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeAuthResult, TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';

export const INSTITUTION_ID = 'c7c7c7c7c7c7c7c7c7c7c7c7';
export const BILLING_API = `/api/v1/tenant/${TENANT_ID}/institutions/${INSTITUTION_ID}/billing`;
export const TOKENS_API = '/api/v1/payments/builtin/tokens';
export const CARD_ID = 'e1e1e1e1e1e1e1e1e1e1e1e1';
export const CARD2_ID = 'e2e2e2e2e2e2e2e2e2e2e2e2';
export const INVOICE_ID = 'f1f1f1f1f1f1f1f1f1f1f1f1';
export const INVOICE2_ID = 'f2f2f2f2f2f2f2f2f2f2f2f2';
const NOW = '2026-11-27T09:30:00.000Z';

export const PRICING: Pricing = {
  currency: 'usd',
  trialDays: 14,
  provider: 'builtin',
  publishableKey: null,
  plans: [
    {
      plan: 'trial',
      name: 'Trial',
      description: 'Try the platform with one raise.',
      prices: { month: 0, year: 0 },
      limits: { offers: 3, seats: 5 },
      features: ['Up to 3 offers'],
    },
    {
      plan: 'core',
      name: 'Core',
      description: 'For a sponsor raising on several offers.',
      prices: { month: 49_900, year: 499_000 },
      limits: { offers: 25, seats: 25 },
      features: ['Up to 25 offers', 'Webhooks and API keys'],
    },
    {
      plan: 'pro',
      name: 'Pro',
      description: 'For a platform of funds.',
      prices: { month: 149_900, year: 1_499_000 },
      limits: { offers: null, seats: null },
      features: ['Unlimited offers', 'Unlimited team seats'],
    },
  ],
};

export const TRIAL_PLAN: BillingPlanState = {
  institution: INSTITUTION_ID,
  plan: 'trial',
  interval: 'month',
  status: 'trialing',
  provider: 'builtin',
  trialEndsAt: '2026-12-11T09:30:00.000Z',
  currentPeriodStart: null,
  currentPeriodEnd: null,
  creditBalance: 0,
  limits: { offers: 3, seats: 5 },
  usage: { offers: 2, seats: 1 },
  canManage: true,
  updatedAt: NOW,
};

export const CORE_PLAN: BillingPlanState = {
  ...TRIAL_PLAN,
  plan: 'core',
  status: 'active',
  trialEndsAt: null,
  currentPeriodStart: NOW,
  currentPeriodEnd: '2026-12-27T09:30:00.000Z',
  creditBalance: 1_250,
  limits: { offers: 25, seats: 25 },
};

export const CORE_PRORATION: ProrationPreview = {
  fromPlan: 'trial',
  fromInterval: 'month',
  plan: 'core',
  interval: 'month',
  currency: 'usd',
  effectiveAt: NOW,
  periodStart: NOW,
  periodEnd: '2026-12-27T09:30:00.000Z',
  lines: [
    {
      description: 'Core (monthly)',
      quantity: 1,
      unitAmount: 49_900,
      amount: 49_900,
      periodStart: NOW,
      periodEnd: '2026-12-27T09:30:00.000Z',
    },
  ],
  credit: 0,
  charge: 49_900,
  total: 49_900,
  creditAfter: 0,
};

export function makeCard(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    _id: CARD_ID,
    institution: INSTITUTION_ID,
    provider: 'builtin',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    holderName: 'Dana Whitfield',
    primary: true,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    _id: INVOICE_ID,
    number: 'INV-2026-00001',
    institution: INSTITUTION_ID,
    status: 'open',
    collection: 'bank-transfer',
    provider: 'builtin',
    currency: 'usd',
    periodStart: NOW,
    periodEnd: '2026-12-27T09:30:00.000Z',
    lines: [
      {
        description: 'Core (monthly)',
        quantity: 1,
        unitAmount: 49_900,
        amount: 49_900,
        periodStart: NOW,
        periodEnd: '2026-12-27T09:30:00.000Z',
      },
    ],
    subtotal: 49_900,
    total: 49_900,
    amountPaid: 0,
    amountDue: 49_900,
    issuedAt: NOW,
    dueAt: '2026-12-11T09:30:00.000Z',
    paidAt: null,
    paymentMethod: null,
    paymentReference: 'TSR-7Q2K-9XMA',
    ...overrides,
  };
}

export const PROFILE: BillingProfile = {
  company: 'Summit Ridge Capital LLC',
  email: 'billing@summitridge.example',
  taxId: '',
  address: { line1: '1 Market St', line2: '', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' },
  provider: 'builtin',
  syncedAt: null,
  updatedAt: null,
};

export interface BillingApiState {
  pricing?: Pricing;
  plan?: BillingPlanState;
  cards?: PaymentMethod[];
  invoices?: Invoice[];
  profile?: BillingProfile;
}

type Handler = Parameters<typeof mockFetch>[0];

/** The billing API as the contract answers it; `handler` answers first (return undefined to fall through). */
export function mockBillingApi(
  state: BillingApiState = {},
  handler?: (...args: Parameters<Handler>) => Response | Promise<Response> | undefined,
) {
  const { pricing = PRICING, plan = TRIAL_PLAN, cards = [], invoices = [], profile = PROFILE } = state;
  return mockFetch(async (path, init, url) => {
    const answered = await handler?.(path, init, url);
    if (answered) return answered;
    const method = init?.method ?? 'GET';
    if (method !== 'GET')
      return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
    if (path === `${BILLING_API}/pricing`) return jsonResponse({ data: pricing });
    if (path === `${BILLING_API}/plan`) return jsonResponse({ data: plan });
    if (path === `${BILLING_API}/plan/proration`) return jsonResponse({ data: CORE_PRORATION });
    if (path === `${BILLING_API}/payment-methods`) return jsonResponse({ data: cards, meta: { page: 1, limit: 100, total: cards.length } });
    if (path === `${BILLING_API}/invoices`) return jsonResponse({ data: invoices, meta: { page: 1, limit: 20, total: invoices.length } });
    if (path === `${BILLING_API}/profile`) return jsonResponse({ data: profile });
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
}

/** The billing tab's panel where the institution area shows it. */
export function renderBilling(state: BillingApiState = {}, handler?: Parameters<typeof mockBillingApi>[1]) {
  const fetchMock = mockBillingApi(state, handler);
  const rendered = renderRoutes(
    [{ path: '/institution/settings/billing', element: <BillingPanel tenantId={TENANT_ID} institutionId={INSTITUTION_ID} /> }],
    { initialEntries: ['/institution/settings/billing'] },
  );
  return { ...rendered, fetchMock };
}

/** Signs in an owner of the tenant (they also record bank transfers). */
export function signInAsTenantOwner() {
  const member: TenantMember = {
    _id: 'd4d4d4d4d4d4d4d4d4d4d4d4',
    tenant: TENANT_ID,
    user: USER_ID,
    firstname: 'Ada',
    middlename: null,
    lastname: 'Lovelace',
    email: 'ada@example.com',
    image: null,
    tags: [],
    groups: [],
    membershipStatus: 'active',
    rbac: { _id: 'e5e5e5e5e5e5e5e5e5e5e5e5', role: 'owner', attributes: {}, expiresAt: null },
    preferences: { themeMode: null, timeFormat: null, dateFormat: null, appMode: null, institution: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  sessionStore.signIn({ ...makeAuthResult(), tenantMember: member });
}

/** The calls sent to one path with one method. */
export const callsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string, method: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => new URL(String(input), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
