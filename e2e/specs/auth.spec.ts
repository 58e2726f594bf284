import { beforeAll, describe, expect, it } from 'vitest';
import { linkInLastMail, PASSWORD, signInViaApi, uniqueEmail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { allow, checkPage } from '../support/guard.ts';
import { seedListedOffer } from '../support/marketplace.ts';
import { createJourneyTenant, type JourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();

const tag = `${Date.now().toString(36)}${process.pid}`;
/** The journey tenant's live offer; its secondary CTA points outside, answered here instead of the internet. */
const OFFER = {
  name: `Summit Ridge ${tag}`,
  slug: `summit-ridge-${tag}`,
  assetClass: 'multi-family',
  irr: 12,
  ctaUrl: `https://summitridge.example/reserve/${tag}`,
  secondaryCta: { label: 'Book a Call', url: `https://summitridge.example/call/${tag}` },
  institution: { name: `Summit Ridge Partners ${tag}`, slug: `summit-ridge-partners-${tag}` },
};

let tenant: JourneyTenant;
beforeAll(async () => {
  tenant = await createJourneyTenant();
  await seedListedOffer(tenant, OFFER);
});

describe('sign-up to sign-out', () => {
  it('signs up, lands signed in on onboarding, keeps the session on reload and signs out', async () => {
    const page = await newPage();
    await page.goto(tenant.url('/signup'));
    const submit = page.getByRole('button', { name: 'Create account' });
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(uniqueEmail('signup'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    expect(await submit.isDisabled()).toBe(true);
    await checkPage(page);
    await page.getByRole('checkbox').check();
    await submit.click();

    // A new investor starts with the onboarding questionnaire (001 §2), with no side navigation until it is done.
    await page.waitForURL((url) => url.pathname === '/investor/onboarding');
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByText('Signed out').waitFor();
    await page.waitForURL(/\/signin/);
    await page.goto(tenant.url('/'));
    await page.waitForURL(/\/signin/);
  });
});

describe('sign-in', () => {
  it('shows the error inline and as a toast on a wrong password', async () => {
    const user = await tenant.investor();
    const page = await newPage();
    allow(page, { status: 401, method: 'POST', path: '/api/v1/auth/signin', reason: 'the wrong password this test types' });
    await page.goto(tenant.url('/signin'));
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await checkPage(page);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Sign in failed').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).first().waitFor();
    expect(page.url()).toContain('/signin');
  });

  it('sends a signed-out visitor of a protected page to sign-in and back there after', async () => {
    const user = await tenant.investor();
    const page = await newPage();
    await page.goto(tenant.url('/?from=journey'));
    await page.waitForURL(/\/signin/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: /^Welcome,/ }).waitFor();
    expect(new URL(page.url()).search).toBe('?from=journey');
  });
});

describe("an offer's call to action after sign-in", () => {
  it('opens the CTA the link asks for in a new tab once the visitor signs in', async () => {
    const user = await tenant.investor();
    const page = await newPage();
    await page
      .context()
      .route('https://summitridge.example/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<h1>Book a call with Summit Ridge</h1>' }),
      );
    await page.goto(tenant.url(`/signin?offer=${OFFER.slug}&cta=secondary`));
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    const tab = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const cta = await tab;
    await cta.getByRole('heading', { name: 'Book a call with Summit Ridge' }).waitFor();
    expect(cta.url()).toBe(OFFER.secondaryCta.url);
    await page.getByRole('heading', { name: /^Welcome,/ }).waitFor();
  });
});

describe('e-mailed links', () => {
  it('resets a forgotten password through the mailed link', async () => {
    const user = await tenant.investor({ firstname: 'Reset', lastname: 'Person' });
    const page = await newPage();
    await page.goto(tenant.url('/signin'));
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.getByLabel('Recovery email').fill(user.email);
    await page.getByRole('button', { name: /reset|send/i }).click();
    await page.getByText('Check your email').waitFor();

    const link = await linkInLastMail(user.email);
    await page.goto(link.replace(/^http:\/\/[^/]+/, tenant.url('').replace(/\/$/, '')));
    await page.getByLabel('New password').fill('a-new-journey-password');
    await page.getByRole('button', { name: 'Reset & Login' }).click();
    await page.getByRole('heading', { name: 'Welcome, Reset Person' }).waitFor();
    await signInViaApi(user.email, 'a-new-journey-password', tenant.slug);
  });

  it('finishes an invitation through the mailed link with the fields prefilled', async () => {
    const email = uniqueEmail('invitee');
    await tenant.api('POST', '/auth/invite', {
      token: tenant.owner.token,
      body: { email, firstname: 'Grace', lastname: 'Hopper', role: 'member' },
    });
    const link = await linkInLastMail(email);

    const page = await newPage();
    await page.goto(link.replace(/^http:\/\/[^/]+/, tenant.url('').replace(/\/$/, '')));
    await page.getByText('Finish your invitation').first().waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('First name').inputValue()).toBe('Grace');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /finish|accept|continue/i }).click();
    await page.getByRole('heading', { name: 'Welcome, Grace Hopper' }).waitFor();
  });
});
