import { DEFAULT_BRANDING, type Branding } from '@tessera/domain';
import { expect } from 'vitest';
import { expectOk, PASSWORD, PLATFORM_ADMIN, uniqueEmail } from './api.ts';
import { urlOf } from './browser.ts';

/**
 * A journey's own tenant: made through the platform admin's API on the journey's server, so no journey depends on or
 * changes another's data (the e2e server has no demo tenant: global-setup starts it with DEMO_DATA=0 and a default
 * tenant of its own, which only the platform admin signs in to).
 */

/** A person of a journey's tenant, signed in through the API; `slug` says where they sign in. */
export interface Person {
  email: string;
  password: string;
  token: string;
  userId: string;
  firstname: string;
  lastname: string;
  slug: string;
}

export interface JourneyTenant {
  slug: string;
  name: string;
  tenantId: string;
  /** The tenant's owner (invited by the platform admin, invitation accepted through the API). */
  owner: Person;
  /** The app's address on this tenant's host, `http://{slug}.localhost:{port}{path}`. */
  url(path?: string): string;
  /** A new investor of this tenant, signed up through the API. */
  investor(options?: SignUpOptions): Promise<Person>;
  /** Calls the API on this tenant's host with a person's token (or none); fails the test on an error answer. */
  api<T>(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<T>;
}

let sequence = 0;
/** A tenant slug no other journey, run or process uses: the time, the process and a counter. */
export const uniqueSlug = (prefix = 'j') => `${prefix}-${Date.now().toString(36)}-${process.pid.toString(36)}-${++sequence}`;

let adminToken: Promise<string> | undefined;
/** The platform admin's token on the bare host, signed in once per spec file. */
export function platformAdminToken(): Promise<string> {
  adminToken ??= expectOk<{ data: { token: string } }>('POST', '/auth/signin', { body: PLATFORM_ADMIN }).then(({ data }) => data.token);
  return adminToken;
}

const tokenPayload = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { userId: string; tenantId: string };

/** The invite token in the newest mail to an address (the dev mailbox, every tenant's). */
async function inviteTokenFor(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { data } = await expectOk<{ data: { text: string }[] }>(
      'GET',
      `/dev/mailbox?to=${encodeURIComponent(email)}&limit=1&allTenants=true`,
    );
    const token = data[0]?.text.match(/[?&]token=([^\s&]+)/)?.[1];
    if (token) return decodeURIComponent(token);
    if (Date.now() > deadline) throw new Error(`no invitation mail reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What signing up does besides: whether the new investor also walks the onboarding questionnaire (through the API). */
export interface SignUpOptions {
  firstname?: string;
  lastname?: string;
  email?: string;
  /**
   * 'finish' (the default) answers the four questionnaire stages, so the investor lands on the dashboard with the side
   * navigation as before onboarding existed; 'keep' leaves them at its first stage, as a fresh sign-up in the browser is.
   */
  onboarding?: 'finish' | 'keep';
}

/** The answers a journey investor gives to the questionnaire (spec 001 §3, §9). */
export const ONBOARDING_ANSWERS = {
  about: { financialGoals: ['growth'], riskTolerance: 'medium', liquidityNeeds: 'low', investmentHorizon: 'long' },
  background: { experienceLevel: 'intermediate', attestAccreditation: true, offerInterests: ['multi-family'], currentlyInvesting: false },
  review: { rating: 5, comment: '' },
} as const;

/** Walks a signed-up investor through the questionnaire's four stages, as the browser would. */
export async function finishOnboarding(person: Person): Promise<void> {
  const stage = (name: string, body: object) =>
    expectOk('POST', `/user/${person.userId}/onboarding/${name}`, { slug: person.slug, token: person.token, body });
  await stage('profile', { firstname: person.firstname, lastname: person.lastname, countryOfResidence: 'US', isUSResident: true });
  await stage('about', ONBOARDING_ANSWERS.about);
  await stage('background', ONBOARDING_ANSWERS.background);
  await stage('review', ONBOARDING_ANSWERS.review);
}

/** Signs a new person up on a tenant's host through the API (and, unless told otherwise, through onboarding). */
export async function signUpOn(slug: string, options: SignUpOptions = {}): Promise<Person> {
  const email = options.email ?? uniqueEmail();
  const firstname = options.firstname ?? 'Journey';
  const lastname = options.lastname ?? 'Tester';
  const { data } = await expectOk<{ data: { token: string; user: { _id: string } } }>('POST', '/auth/signup', {
    slug,
    body: { email, password: PASSWORD, firstname, lastname, acceptDisclosures: true },
  });
  const person = { email, password: PASSWORD, token: data.token, userId: data.user._id, firstname, lastname, slug };
  if ((options.onboarding ?? 'finish') === 'finish') await finishOnboarding(person);
  return person;
}

/**
 * A new tenant with its owner, made as a platform operator makes one: the platform admin creates it, the owner accepts
 * the e-mailed invitation on the tenant's host. Names are unique per call, so journeys running at once never meet.
 */
export async function createJourneyTenant(
  options: { name?: string; slugPrefix?: string; owner?: { firstname?: string; lastname?: string } } = {},
): Promise<JourneyTenant> {
  const slug = uniqueSlug(options.slugPrefix);
  const name = options.name ?? `Journey Capital ${slug}`;
  const ownerEmail = uniqueEmail('owner');
  const { data: created } = await expectOk<{ data: { _id: string } }>('POST', '/tenant', {
    token: await platformAdminToken(),
    body: { name, slug, ownerEmail },
  });
  const firstname = options.owner?.firstname ?? 'Olive';
  const lastname = options.owner?.lastname ?? 'Owner';
  const { data: accepted } = await expectOk<{ data: { token: string; user: { _id: string } } }>('POST', '/auth/invite-accept', {
    slug,
    body: {
      email: ownerEmail,
      password: PASSWORD,
      firstname,
      lastname,
      acceptDisclosures: true,
      inviteToken: await inviteTokenFor(ownerEmail),
    },
  });
  expect(tokenPayload(accepted.token).tenantId).toBe(created._id);
  const owner: Person = {
    email: ownerEmail,
    password: PASSWORD,
    token: accepted.token,
    userId: accepted.user._id,
    firstname,
    lastname,
    slug,
  };
  return {
    slug,
    name,
    tenantId: created._id,
    owner,
    url: (path = '/') => urlOf(path, slug),
    investor: (options) => signUpOn(slug, options),
    api: (method, path, call = {}) => expectOk(method, path, { slug, ...call }),
  };
}

/** A theme of its own (green, Montserrat, rounder), for journeys that compare a branded tenant with a default one. */
export const GREEN_THEME = {
  ...DEFAULT_BRANDING.theme,
  light: { ...DEFAULT_BRANDING.theme.light, primary: '#0B6E4F', secondary: '#F2A541', background: '#F4F8F6' },
  dark: { ...DEFAULT_BRANDING.theme.dark, primary: '#5FD3A6', secondary: '#F2A541', background: '#0C1A15' },
  fontFamily: 'Montserrat',
  borderRadius: 12,
} satisfies Branding['theme'];

/** Sets a journey tenant's theme through the owner's branding API. */
export async function setTheme(tenant: JourneyTenant, theme: Branding['theme']): Promise<void> {
  await tenant.api('PUT', `/tenant/${tenant.tenantId}/branding/theme`, { token: tenant.owner.token, body: theme });
}
