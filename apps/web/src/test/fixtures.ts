import type { AnalyticsCounts, AnalyticsSeries, AuthResult, User } from '@tessera/domain';

export const TENANT_ID = 'a1a1a1a1a1a1a1a1a1a1a1a1';
export const USER_ID = 'b2b2b2b2b2b2b2b2b2b2b2b2';

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned JWT: the client only ever reads the payload. */
/** The session every fixture token names. */
export const SESSION_ID = '65a1f0c2e4b0a1b2c3d4e5aa';

export function makeToken(payload: Record<string, unknown>): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

/** A session token expiring `secondsLeft` from now. */
export function sessionToken(secondsLeft: number): string {
  const now = Math.floor(Date.now() / 1000);
  return makeToken({
    userId: USER_ID,
    userEmail: 'ada@example.com',
    userRole: 'user',
    userFirstname: 'Ada',
    userLastname: 'Lovelace',
    tenantId: TENANT_ID,
    ver: 1,
    sid: SESSION_ID,
    iat: now,
    exp: now + secondsLeft,
  });
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: USER_ID,
    email: 'ada@example.com',
    phone: null,
    firstname: 'Ada',
    middlename: null,
    lastname: 'Lovelace',
    displayname: null,
    image: null,
    line1: null,
    line2: null,
    city: null,
    state: null,
    zip: null,
    country: null,
    role: 'user',
    themeMode: null,
    timeFormat: null,
    dateFormat: null,
    notificationPreferences: { 'investment-updates': true, 'account-management': true, 'product-updates': true, marketing: false },
    accreditationApplicationId: null,
    signupStatus: 'complete',
    accountStatus: 'active',
    onboardingStatus: 'overview',
    identityVerificationStatus: 'not-started',
    investOnboardingStage: null,
    investOnboarding: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeAuthResult(secondsLeft = 3600): AuthResult {
  return {
    token: sessionToken(secondsLeft),
    refreshToken: 'refresh-token',
    sessionId: SESSION_ID,
    mfaSetupRequired: false,
    user: makeUser(),
    tenantMember: null,
  };
}

/** An analytics series of `n` daily buckets from 2026-03-01 (#25): zeros, with `counts` added to the last bucket. */
export function makeAnalyticsSeries(n: number, counts: Partial<AnalyticsCounts> = {}): AnalyticsSeries {
  const zero: AnalyticsCounts = { impressions: 0, visitors: 0, views: 0, documentViews: 0, documentDownloads: 0, ctaClicks: 0 };
  const points = Array.from({ length: n }, (_, i) => ({
    bucket: new Date(Date.UTC(2026, 2, i + 1)).toISOString(),
    ...zero,
    ...(i === n - 1 ? counts : {}),
  }));
  return {
    scale: 'day',
    start: points[0]?.bucket ?? '2026-03-01T00:00:00.000Z',
    end: new Date(Date.UTC(2026, 2, n, 12)).toISOString(),
    points,
    totals: { ...zero, ...counts },
  };
}
