import {
  BILLING_TEXTS,
  BUILTIN_TEST_CARDS,
  planLimitMessage,
  TRIAL_ENDED_MESSAGE,
  ACCOUNT_SECURITY_TEXTS,
  type BillingPlanState,
  type BillingProfile,
  type BuiltinCardToken,
  type Invoice,
  type PaymentMethod,
  type PlanChangeResult,
  type Pricing,
  type ProrationPreview,
} from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingAccounts, billingInvoices, builtinCardTokens, roleAssignments } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { extractPdfText } from '../documents/index.ts';
import { hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { givePlan } from '../../../test/billing.ts';
import {
  callerOf,
  expireStepUp,
  signUp,
  someObjectId,
  stepUpWithPassword,
  tenantEventsOf,
  uniqueEmail,
  useTestApp,
  type Method,
  type SignedUp,
} from '../../../test/factories.ts';
import { createBuiltinProvider } from '../../lib/payments/builtin-provider.ts';
import { DEFAULT_PRICING } from '../../lib/payments/pricing.ts';
import { BILLING_ERRORS, MARK_PAID_OWNERS_ONLY, renewDueAccounts } from './billing.service.ts';

let t: TestApp;
let owner: SignedUp;
let teamOwner: SignedUp;
let teamEditor: SignedUp;
let teamViewer: SignedUp;
let teamMember: SignedUp;
let offTeam: SignedUp;
let globexOwner: SignedUp;
let fund: string;

const acme = () => t.tenants.acme.id;
const call = callerOf(() => t.app);
const dataOf = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
const messageOf = (res: { json(): unknown }) => (res.json() as { error: { message: string } }).error.message;
const billing = (who: SignedUp, method: Method, institutionId: string, path: string, payload?: object, tenant = acme()) =>
  call(who, method, `tenant/${tenant}/institutions/${institutionId}/billing${path}`, payload);

async function createInstitution(name = 'Fund'): Promise<string> {
  const res = await call(owner, 'POST', `tenant/${acme()}/institutions`, {
    name,
    slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${newId().slice(-8)}`,
    descriptionShort: 'A fund',
  });
  expect(res.statusCode, res.body).toBe(201);
  return dataOf<{ _id: string }>(res)._id;
}

async function putOnTeam(who: SignedUp, institutionId: string, role: 'owner' | 'editor' | 'member' | 'viewer') {
  await t.app.db.insert(roleAssignments).values({
    tenantId: acme(),
    id: newId(),
    userId: who.user._id,
    entityType: 'institution',
    entityId: institutionId,
    role,
    expiresAt: null,
  });
}

async function cardToken(who: SignedUp, number: string = BUILTIN_TEST_CARDS.succeeds, extra: object = {}): Promise<BuiltinCardToken> {
  const res = await call(who, 'POST', 'payments/builtin/tokens', {
    number,
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
    holderName: 'Dana Whitfield',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return dataOf(res);
}

async function addCard(institutionId: string, number: string = BUILTIN_TEST_CARDS.succeeds, primary = false): Promise<PaymentMethod> {
  const token = await cardToken(owner, number);
  const res = await billing(owner, 'POST', institutionId, '/payment-methods', { token: token.token, primary });
  expect(res.statusCode, res.body).toBe(201);
  return dataOf(res);
}

async function changePlan(institutionId: string, plan: 'core' | 'pro', interval: 'month' | 'year' = 'month', who = owner) {
  const res = await billing(who, 'PUT', institutionId, '/plan', { plan, interval });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<PlanChangeResult>(res);
}

useTestApp(async (built) => {
  t = built;
  [owner, teamOwner, teamEditor, teamViewer, teamMember, offTeam, globexOwner] = await Promise.all([
    signUp(t.app, 'acme', { role: 'owner' }),
    signUp(t.app, 'acme', { role: 'editor' }),
    signUp(t.app, 'acme', { role: 'editor' }),
    signUp(t.app, 'acme', { role: 'editor' }),
    signUp(t.app, 'acme', { role: 'editor' }),
    signUp(t.app, 'acme', { role: 'editor' }),
    signUp(t.app, 'globex', { role: 'owner' }),
  ]);
  fund = await createInstitution('Summit Ridge');
  await putOnTeam(teamOwner, fund, 'owner');
  await putOnTeam(teamEditor, fund, 'editor');
  await putOnTeam(teamViewer, fund, 'viewer');
  await putOnTeam(teamMember, fund, 'member');
});

describe('pricing and the trial', () => {
  it('shows the configured plans and starts every institution on a trial from its creation', async () => {
    const pricing = dataOf<Pricing>(await billing(owner, 'GET', fund, '/pricing'));
    expect(pricing).toMatchObject({ currency: 'usd', trialDays: 14, provider: 'builtin', publishableKey: null });
    expect(pricing.plans.map((p) => [p.plan, p.prices.month, p.prices.year, p.limits.offers, p.limits.seats])).toEqual([
      ['trial', 0, 0, 3, 5],
      ['core', 49_900, 499_000, 25, 25],
      ['pro', 149_900, 1_499_000, null, null],
    ]);
    const res = await billing(teamEditor, 'GET', fund, '/plan');
    expect(res.statusCode, res.body).toBe(200);
    const plan = dataOf<BillingPlanState>(res);
    expect(plan).toMatchObject({
      plan: 'trial',
      status: 'trialing',
      provider: 'builtin',
      creditBalance: 0,
      limits: { offers: 3, seats: 5 },
    });
    // The institution's creator and the four put on its team.
    expect(plan.usage).toEqual({ offers: 0, seats: 5 });
    const trialDays = (new Date(plan.trialEndsAt!).getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14.01);
  });

  it('rolls a trial past its end to trial-ended', async () => {
    const id = await createInstitution('Lapsed Trial');
    await billing(owner, 'GET', id, '/plan');
    await t.app.db
      .update(billingAccounts)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(and(eq(billingAccounts.tenantId, acme()), eq(billingAccounts.institutionId, id)));
    expect(dataOf<BillingPlanState>(await billing(owner, 'GET', id, '/plan')).status).toBe('trial-ended');
    const events = await tenantEventsOf(t.app, acme(), id);
    expect(events.find((e) => e.message.includes('trial'))?.meta.change).toEqual({ status: { old: 'trialing', new: 'trial-ended' } });
  });
});

describe('changing plan', () => {
  it('moves from the trial to core with a new period and a bank-transfer invoice for the full month (no card)', async () => {
    const id = await createInstitution('Upgrader');
    const preview = dataOf<ProrationPreview>(await billing(owner, 'GET', id, '/plan/proration?plan=core&interval=month'));
    expect(preview).toMatchObject({
      fromPlan: 'trial',
      plan: 'core',
      interval: 'month',
      credit: 0,
      charge: 49_900,
      total: 49_900,
      creditAfter: 0,
    });
    const result = await changePlan(id, 'core');
    expect(result.plan).toMatchObject({
      plan: 'core',
      interval: 'month',
      status: 'active',
      trialEndsAt: null,
      limits: { offers: 25, seats: 25 },
    });
    const invoice = result.invoice!;
    expect(invoice).toMatchObject({
      status: 'open',
      collection: 'bank-transfer',
      provider: 'builtin',
      currency: 'usd',
      subtotal: 49_900,
      total: 49_900,
      amountPaid: 0,
      amountDue: 49_900,
      paidAt: null,
      paymentMethod: null,
      paymentReference: invoice.number,
    });
    expect(invoice.number).toMatch(new RegExp(`^INV-${new Date().getUTCFullYear()}-\\d{5}$`));
    expect(invoice.lines).toEqual(preview.lines.map((l) => ({ ...l, periodStart: invoice.periodStart, periodEnd: invoice.periodEnd })));
    expect(new Date(invoice.dueAt).getTime() - new Date(invoice.issuedAt).getTime()).toBe(14 * 86_400_000);
    expect(invoice.periodStart).toBe(result.plan.currentPeriodStart);
    expect(invoice.periodEnd).toBe(result.plan.currentPeriodEnd);

    // The same plan and interval again: 409, and nothing issued.
    const again = await billing(owner, 'PUT', id, '/plan', { plan: 'core', interval: 'month' });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(BILLING_TEXTS.noPlanChange);
    expect((await billing(owner, 'GET', id, '/plan/proration?plan=core')).statusCode).toBe(409);

    // Listed, and readable one by one.
    const list = await billing(owner, 'GET', id, '/invoices');
    expect(list.json()).toMatchObject({ meta: { total: 1 }, data: [{ _id: invoice._id }] });
    expect(dataOf<Invoice>(await billing(owner, 'GET', id, `/invoices/${invoice._id}`))).toEqual(invoice);
  });

  it('upgrades mid-period with credit and charge, as previewed; downgrades into credit with no invoice', async () => {
    const id = await createInstitution('Mid Period');
    await changePlan(id, 'core');
    const preview = dataOf<ProrationPreview>(await billing(owner, 'GET', id, '/plan/proration?plan=pro'));
    expect(preview.lines.map((l) => l.description)).toEqual(['Unused time on Core (monthly)', 'Remaining time on Pro (monthly)']);
    const up = await changePlan(id, 'pro');
    const invoice = up.invoice!;
    expect(invoice.lines.map((l) => l.description)).toEqual(preview.lines.map((l) => l.description));
    // Previewed and invoiced in the same second or the next: the same to a cent or two.
    expect(Math.abs(invoice.total - preview.total)).toBeLessThanOrEqual(2);
    expect(invoice.total).toBe(invoice.lines.reduce((sum, l) => sum + l.amount, 0));
    expect(invoice.total).toBeGreaterThan(99_000);
    expect(up.plan).toMatchObject({ plan: 'pro', creditBalance: 0, limits: { offers: null, seats: null } });

    const down = await changePlan(id, 'core');
    expect(down.invoice).toBeNull();
    expect(down.plan.plan).toBe('core');
    expect(down.plan.creditBalance).toBeGreaterThan(99_000);
    // The credit pays the next upgrade.
    const preview2 = dataOf<ProrationPreview>(await billing(owner, 'GET', id, '/plan/proration?plan=pro'));
    expect(preview2.total).toBe(0);
    expect(preview2.lines.at(-1)?.description).toBe('Credit applied');
    const again = await changePlan(id, 'pro');
    expect(again.invoice).toMatchObject({ total: 0, status: 'paid' });
    expect(again.plan.creditBalance).toBeLessThanOrEqual(2);

    const events = await tenantEventsOf(t.app, acme(), id);
    const changed = events.filter((e) => e.message.includes('changed the plan'));
    expect(changed.map((e) => e.meta.change?.plan)).toEqual([
      { old: 'trial', new: 'core' },
      { old: 'core', new: 'pro' },
      { old: 'pro', new: 'core' },
      { old: 'core', new: 'pro' },
    ]);
    expect(events.filter((e) => e.message.startsWith('Invoice ') && e.message.includes('issued')).length).toBe(3);
  });

  it('charges the primary card; a declined card leaves the invoice open by bank transfer and the plan past due', async () => {
    const paid = await createInstitution('Card Payer');
    const card = await addCard(paid);
    const result = await changePlan(paid, 'pro', 'year');
    expect(result.invoice).toMatchObject({
      status: 'paid',
      collection: 'card',
      total: 1_499_000,
      amountPaid: 1_499_000,
      amountDue: 0,
      paymentMethod: { brand: 'visa', last4: '4242' },
      paymentReference: null,
    });
    expect(result.invoice!.paidAt).not.toBeNull();
    expect(card.primary).toBe(true);

    const declined = await createInstitution('Declined Payer');
    await addCard(declined, BUILTIN_TEST_CARDS.declined);
    const refused = await changePlan(declined, 'core');
    expect(refused.plan).toMatchObject({ plan: 'core', status: 'past-due' });
    expect(refused.invoice).toMatchObject({ status: 'open', collection: 'bank-transfer', amountDue: 49_900 });
    expect(refused.invoice!.paymentReference).toBe(refused.invoice!.number);
    const events = await tenantEventsOf(t.app, acme(), declined);
    expect(events.some((e) => e.message.includes('declined'))).toBe(true);

    // A tenant owner marks the transfer received: paid, and the plan active again. Only once, only owners.
    const path = `/invoices/${refused.invoice!._id}/mark-paid`;
    await putOnTeam(teamOwner, declined, 'owner');
    const notOwner = await billing(teamOwner, 'POST', declined, path);
    expect(notOwner.statusCode).toBe(403);
    expect(messageOf(notOwner)).toBe(MARK_PAID_OWNERS_ONLY);
    const marked = await billing(owner, 'POST', declined, path);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(dataOf<Invoice>(marked)).toMatchObject({ status: 'paid', amountPaid: 49_900, amountDue: 0 });
    expect(dataOf<BillingPlanState>(await billing(owner, 'GET', declined, '/plan')).status).toBe('active');
    const twice = await billing(owner, 'POST', declined, path);
    expect(twice.statusCode).toBe(409);
    expect(messageOf(twice)).toBe(BILLING_ERRORS.notOpen);
    const after = await tenantEventsOf(t.app, acme(), declined);
    expect(after.find((e) => e.message.includes('marked invoice'))?.meta.change).toMatchObject({ status: { old: 'open', new: 'paid' } });
  });

  it('renews an ended period on read, once', async () => {
    const id = await createInstitution('Renewer');
    await changePlan(id, 'core');
    const past = new Date(Date.now() - 40 * 86_400_000);
    await t.app.db
      .update(billingAccounts)
      .set({ currentPeriodStart: past, currentPeriodEnd: new Date(past.getTime() + 30 * 86_400_000) })
      .where(and(eq(billingAccounts.tenantId, acme()), eq(billingAccounts.institutionId, id)));
    const [plan, again] = [
      dataOf<BillingPlanState>(await billing(owner, 'GET', id, '/plan')),
      dataOf<BillingPlanState>(await billing(owner, 'GET', id, '/plan')),
    ];
    expect(new Date(plan.currentPeriodEnd!).getTime()).toBeGreaterThan(Date.now());
    expect(again.currentPeriodEnd).toBe(plan.currentPeriodEnd);
    const invoices = dataOf<Invoice[]>(await billing(owner, 'GET', id, '/invoices'));
    expect(invoices.length).toBe(2);
    expect(invoices[0]).toMatchObject({ total: 49_900, lines: [{ description: 'Core (monthly)' }] });
    expect(invoices[0]!.periodStart).toBe(new Date(past.getTime() + 30 * 86_400_000).toISOString());
  });
});

describe('the renewal sweep', () => {
  it('renews, in every tenant, the accounts whose period ended, once', async () => {
    const id = await createInstitution('Swept');
    await changePlan(id, 'pro', 'year');
    const end = new Date(Date.now() - 86_400_000);
    await t.app.db
      .update(billingAccounts)
      .set({ currentPeriodStart: new Date(end.getTime() - 365 * 86_400_000), currentPeriodEnd: end })
      .where(and(eq(billingAccounts.tenantId, acme()), eq(billingAccounts.institutionId, id)));
    const deps = { db: t.app.db, clock: t.app.clock, pricing: DEFAULT_PRICING, provider: createBuiltinProvider(), webhookSecret: null };
    expect(await renewDueAccounts(deps)).toBeGreaterThanOrEqual(1);
    expect(await renewDueAccounts(deps)).toBe(0);
    const invoices = await t.app.db
      .select()
      .from(billingInvoices)
      .where(and(eq(billingInvoices.tenantId, acme()), eq(billingInvoices.institutionId, id)));
    expect(invoices.map((i) => i.total).sort()).toEqual([1_499_000, 1_499_000]);
    expect(invoices.some((i) => i.periodStart.getTime() === end.getTime())).toBe(true);
  });
});

describe('invoice numbers', () => {
  it('run without gaps per tenant and year, even for two plan changes at once', async () => {
    const [a, b] = [await createInstitution('Numbered A'), await createInstitution('Numbered B')];
    const [ra, rb] = await Promise.all([changePlan(a, 'core'), changePlan(b, 'pro')]);
    const numbers = [ra.invoice!.number, rb.invoice!.number].map((n) => Number(n.slice(-5))).sort((x, y) => x - y);
    expect(numbers[1]! - numbers[0]!).toBe(1);
    const rows = await t.app.db
      .select({ number: billingInvoices.number })
      .from(billingInvoices)
      .where(eq(billingInvoices.tenantId, acme()));
    const all = rows.map((r) => Number(r.number.slice(-5))).sort((x, y) => x - y);
    expect(all).toEqual(all.map((_, i) => i + 1));

    // Another tenant starts at 1.
    const globexFund = await call(globexOwner, 'POST', `tenant/${t.tenants.globex.id}/institutions`, {
      name: 'Globex Fund',
      slug: `globex-${newId().slice(-8)}`,
      descriptionShort: 'A fund',
    });
    const gid = dataOf<{ _id: string }>(globexFund)._id;
    const res = await billing(globexOwner, 'PUT', gid, '/plan', { plan: 'core' }, t.tenants.globex.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf<PlanChangeResult>(res).invoice!.number).toBe(`INV-${new Date().getUTCFullYear()}-00001`);
  });
});

describe('the invoice PDF', () => {
  it('is an attachment named after the number, with the dates, bill-to, lines, totals, status and how to pay', async () => {
    const id = await createInstitution('Pdf Fund');
    const profile = {
      company: 'Pdf Fund Holdings LLC',
      email: 'billing@pdf.example',
      taxId: 'US12-3456789',
      address: { line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' },
    };
    expect((await call(owner, 'PUT', `tenant/${acme()}/institutions/${id}/billing`, profile)).statusCode).toBe(200);
    const { invoice } = await changePlan(id, 'core');
    const res = await billing(teamEditor, 'GET', fund, `/invoices/${invoice!._id}/pdf`);
    expect(res.statusCode).toBe(404); // an invoice of another institution
    const pdf = await billing(owner, 'GET', id, `/invoices/${invoice!._id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${invoice!.number}.pdf`);
    const text = extractPdfText(pdf.rawPayload);
    for (const expected of [
      invoice!.number,
      'Pdf Fund Holdings LLC',
      '1 Market St',
      'US12-3456789',
      'Core (monthly)',
      '$499.00',
      'Open',
      'bank transfer',
    ])
      expect(text, expected).toContain(expected);
  });
});

describe('billing profile', () => {
  it('starts from the institution name, updates with an event, and syncs', async () => {
    const id = await createInstitution('Profiled');
    const first = dataOf<BillingProfile>(await billing(owner, 'GET', id, '/profile'));
    expect(first).toMatchObject({ company: 'Profiled', email: '', provider: 'builtin', syncedAt: null, updatedAt: null });
    const body = { company: 'Profiled LP', email: 'ap@profiled.example', address: { country: 'GB' } };
    const res = await call(owner, 'PUT', `tenant/${acme()}/institutions/${id}/billing`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf<BillingProfile>(res)).toMatchObject({ company: 'Profiled LP', email: 'ap@profiled.example', address: { country: 'GB' } });
    const synced = await billing(owner, 'POST', id, '/profile/sync');
    expect(synced.statusCode).toBe(200);
    expect(dataOf<BillingProfile>(synced).syncedAt).not.toBeNull();
    const events = await tenantEventsOf(t.app, acme(), id);
    expect(events.find((e) => e.message.includes('updated the billing profile'))?.meta.change).toMatchObject({
      company: { old: 'Profiled', new: 'Profiled LP' },
      email: { old: '', new: 'ap@profiled.example' },
    });
    expect(events.some((e) => e.message.includes('synced the billing profile'))).toBe(true);
    const bad = await call(owner, 'PUT', `tenant/${acme()}/institutions/${id}/billing`, { ...body, address: { country: 'gbr' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('payment methods', () => {
  it('keeps exactly one primary card; the primary goes only when it is the last', async () => {
    const id = await createInstitution('Cards');
    const first = await addCard(id);
    expect(first).toMatchObject({ primary: true, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, holderName: 'Dana Whitfield' });
    const second = await addCard(id, '5555555555554444');
    expect(second).toMatchObject({ primary: false, brand: 'mastercard', last4: '4444' });
    const listed = await billing(teamEditor, 'GET', fund, '/payment-methods');
    expect(listed.statusCode).toBe(200);
    const list = dataOf<PaymentMethod[]>(await billing(owner, 'GET', id, '/payment-methods'));
    expect(list.map((c) => [c._id, c.primary])).toEqual([
      [first._id, true],
      [second._id, false],
    ]);

    const refused = await billing(owner, 'DELETE', id, `/payment-methods/${first._id}`);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(BILLING_TEXTS.primaryDeleteRefused);

    const made = await billing(owner, 'PUT', id, `/payment-methods/${second._id}/primary`);
    expect(made.statusCode).toBe(200);
    expect(dataOf<PaymentMethod>(made).primary).toBe(true);
    expect(dataOf<PaymentMethod>(await billing(owner, 'GET', id, `/payment-methods/${first._id}`)).primary).toBe(false);

    // A third card asked to be primary takes the flag.
    const third = await addCard(id, '378282246310005', true);
    expect(third).toMatchObject({ primary: true, brand: 'amex', last4: '0005' });
    const flags = dataOf<PaymentMethod[]>(await billing(owner, 'GET', id, '/payment-methods')).filter((c) => c.primary);
    expect(flags.map((c) => c._id)).toEqual([third._id]);

    const edited = await billing(owner, 'PUT', id, `/payment-methods/${first._id}`, {
      holderName: 'D. Whitfield',
      expMonth: 1,
      expYear: 2031,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(dataOf<PaymentMethod>(edited)).toMatchObject({ holderName: 'D. Whitfield', expMonth: 1, expYear: 2031 });
    const past = await billing(owner, 'PUT', id, `/payment-methods/${first._id}`, { expMonth: 1, expYear: 2020 });
    expect(past.statusCode).toBe(400);
    expect(messageOf(past)).toBe(BILLING_ERRORS.cardExpired);

    expect((await billing(owner, 'DELETE', id, `/payment-methods/${first._id}`)).statusCode).toBe(204);
    expect((await billing(owner, 'DELETE', id, `/payment-methods/${second._id}`)).statusCode).toBe(204);
    // The last card, primary, may go.
    expect((await billing(owner, 'DELETE', id, `/payment-methods/${third._id}`)).statusCode).toBe(204);
    expect(dataOf<PaymentMethod[]>(await billing(owner, 'GET', id, '/payment-methods'))).toEqual([]);
    expect((await billing(owner, 'GET', id, `/payment-methods/${third._id}`)).statusCode).toBe(404);

    const events = await tenantEventsOf(t.app, acme(), id);
    const text = JSON.stringify(events);
    expect(events.filter((e) => e.message.includes('added the card')).length).toBe(3);
    expect(events.find((e) => e.message.includes('deleted the card'))?.meta.delete).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(events.find((e) => e.message.includes('made the card'))?.meta.change).toEqual({
      primaryCard: { old: 'visa ····4242', new: 'mastercard ····4444' },
    });
    expect(events.find((e) => e.message.includes('updated the card'))?.meta.change).toMatchObject({ expYear: { old: 2030, new: 2031 } });
    expect(text).not.toContain('btok_');
  });

  it('takes a built-in token once, of this tenant only', async () => {
    const id = await createInstitution('Tokens');
    const token = await cardToken(owner);
    expect(token).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(token.token).toMatch(/^btok_[0-9a-f]{24}$/);
    expect((await billing(owner, 'POST', id, '/payment-methods', { token: token.token })).statusCode).toBe(201);
    const reused = await billing(owner, 'POST', id, '/payment-methods', { token: token.token });
    expect(reused.statusCode).toBe(400);
    expect(messageOf(reused)).toBe(BILLING_ERRORS.cardTokenInvalid);
    const globexToken = await cardToken(globexOwner);
    expect((await billing(owner, 'POST', id, '/payment-methods', { token: globexToken.token })).statusCode).toBe(400);
    expect((await billing(owner, 'POST', id, '/payment-methods', { token: 'pm_1Q0PsIJvEtkwdCNYMSaVuRz6' })).statusCode).toBe(400);
    expect((await billing(owner, 'POST', id, '/payment-methods', { token: '' })).statusCode).toBe(400);
    const intent = await billing(owner, 'POST', id, '/payment-methods/setup-intent');
    expect(intent.statusCode).toBe(200);
    expect(dataOf(intent)).toEqual({ provider: 'builtin', clientSecret: null });
  });

  it('asks for a recent confirmation before adding or deleting a card', async () => {
    const keeper = await signUp(t.app, 'acme', { role: 'owner' });
    const id = await createInstitution('Step Up');
    const card = await addCard(id);
    await expireStepUp(t.app, keeper);
    const token = await cardToken(keeper);
    for (const [method, path, body] of [
      ['POST', '/payment-methods', { token: token.token }],
      ['DELETE', `/payment-methods/${card._id}`, undefined],
    ] as const) {
      const res = await billing(keeper, method, id, path, body);
      expect(res.statusCode, path).toBe(403);
      expect(messageOf(res)).toBe(ACCOUNT_SECURITY_TEXTS.stepUpRequired);
    }
    await stepUpWithPassword(t.app, keeper);
    expect((await billing(keeper, 'POST', id, '/payment-methods', { token: token.token })).statusCode).toBe(201);
  });
});

describe('the built-in card vault', () => {
  it('checks the number and expiry, keeps no number or CVC, and logs neither', async () => {
    const bad = await call(owner, 'POST', 'payments/builtin/tokens', {
      number: '4242 4242 4242 4241',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      holderName: 'A',
    });
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toBe(BILLING_ERRORS.cardNumberInvalid);
    const old = await call(owner, 'POST', 'payments/builtin/tokens', {
      number: '4242424242424242',
      expMonth: 1,
      expYear: 2020,
      cvc: '123',
      holderName: 'A',
    });
    expect(old.statusCode).toBe(400);
    expect(messageOf(old)).toBe(BILLING_ERRORS.cardExpired);
    expect(
      (await call(owner, 'POST', 'payments/builtin/tokens', { number: '4242', expMonth: 1, expYear: 2030, cvc: '1', holderName: '' }))
        .statusCode,
    ).toBe(400);

    const token = await cardToken(owner, '6011 1111 1111 1117', { cvc: '9876' });
    expect(token).toMatchObject({ brand: 'discover', last4: '1117' });
    const [row] = await t.app.db.select().from(builtinCardTokens).where(eq(builtinCardTokens.token, token.token));
    expect(JSON.stringify(row)).not.toContain('6011111111111117');
    // No column keeps the CVC: none is named for it, none holds it (a search of the row's JSON for its four digits
    // failed a clean clone once: they were in a random id).
    expect(Object.keys(row!).filter((key) => /cvc|cvv|security/i.test(key))).toEqual([]);
    expect(Object.values(row!).map(String)).not.toContain('9876');
    const logs = t.logs.join('\n');
    expect(logs).not.toContain('6011111111111117');
    expect(logs).not.toContain('6011 1111 1111 1117');
    // Four digits may turn up in any timestamp: no line carries a CVC field at all.
    expect(logs).not.toMatch(/"cvc"/i);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/payments/builtin/tokens', headers: { host: owner.host }, payload: {} }))
        .statusCode,
    ).toBe(401);
  });
});

describe('deleting an institution', () => {
  it('takes its billing account and cards with it, and keeps its invoices', async () => {
    const id = await createInstitution('Deleted Fund');
    await addCard(id);
    const { invoice } = await changePlan(id, 'core');
    expect((await call(owner, 'DELETE', `tenant/${acme()}/institutions/${id}`)).statusCode).toBe(204);
    const accounts = await t.app.db
      .select()
      .from(billingAccounts)
      .where(and(eq(billingAccounts.tenantId, acme()), eq(billingAccounts.institutionId, id)));
    expect(accounts).toEqual([]);
    const kept = await t.app.db.select().from(billingInvoices).where(eq(billingInvoices.id, invoice!._id));
    expect(kept.map((i) => i.number)).toEqual([invoice!.number]);
  });
});

describe('the vault rate limit', () => {
  it('makes at most 20 tokens per person per 15 minutes (429), counted per person', async () => {
    const busy = await signUp(t.app, 'acme', { role: 'owner' });
    for (let i = 0; i < 20; i++) await cardToken(busy);
    const refused = await call(busy, 'POST', 'payments/builtin/tokens', {
      number: BUILTIN_TEST_CARDS.succeeds,
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      holderName: 'Dana Whitfield',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Someone else is not held back by it.
    await cardToken(teamOwner);
  });
});

describe('access', () => {
  it('is for the tenant owners and the team owners (writes) and editors (reads)', async () => {
    // Another tenant's token on acme's institution: 404. A GP off the team: 404.
    expect((await billing(globexOwner, 'GET', fund, '/plan', undefined, acme())).statusCode).toBe(404);
    expect((await billing(globexOwner, 'GET', fund, '/plan', undefined, t.tenants.globex.id)).statusCode).toBe(404);
    expect((await billing(offTeam, 'GET', fund, '/plan')).statusCode).toBe(404);
    expect((await billing(owner, 'GET', someObjectId(), '/plan')).statusCode).toBe(404);
    // The team's viewers and members: 403 on reads; editors read but do not write.
    for (const who of [teamViewer, teamMember]) {
      for (const path of ['/plan', '/invoices', '/payment-methods', '/profile', '/pricing'])
        expect((await billing(who, 'GET', fund, path)).statusCode, path).toBe(403);
    }
    const editorPlan = await billing(teamEditor, 'GET', fund, '/plan');
    expect(editorPlan.statusCode).toBe(200);
    // canManage tells the web which write buttons to show: editors read only, owners manage.
    expect(dataOf<BillingPlanState>(editorPlan).canManage).toBe(false);
    expect(dataOf<BillingPlanState>(await billing(teamOwner, 'GET', fund, '/plan')).canManage).toBe(true);
    expect(dataOf<BillingPlanState>(await billing(owner, 'GET', fund, '/plan')).canManage).toBe(true);
    expect((await billing(teamEditor, 'PUT', fund, '/plan', { plan: 'core' })).statusCode).toBe(403);
    expect(
      (
        await call(teamEditor, 'PUT', `tenant/${acme()}/institutions/${fund}/billing`, {
          company: 'X',
          email: 'x@example.com',
          address: {},
        })
      ).statusCode,
    ).toBe(403);
    // A team owner changes the plan.
    const res = await billing(teamOwner, 'PUT', fund, '/plan', { plan: 'core', interval: 'year' });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf<PlanChangeResult>(res).plan.canManage).toBe(true);
    const invoice = dataOf<PlanChangeResult>(res).invoice!;
    expect((await billing(teamEditor, 'GET', fund, `/invoices/${invoice._id}`)).statusCode).toBe(200);
    expect((await billing(teamViewer, 'GET', fund, `/invoices/${invoice._id}`)).statusCode).toBe(403);
    expect((await billing(owner, 'GET', fund, `/invoices/${someObjectId()}`)).statusCode).toBe(404);
    const list = await billing(owner, 'GET', fund, '/invoices?status=open&limit=1');
    expect(list.json()).toMatchObject({ meta: { total: 1, limit: 1 } });
  });

  it('keeps Stripe out of the CSP with the built-in provider', async () => {
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { host: hostOf('acme') } })).headers['content-security-policy'],
    );
    expect(csp).not.toContain('stripe.com');
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
  });

  it('refuses bad input with 400', async () => {
    for (const body of [{ plan: 'trial' }, { plan: 'core', interval: 'week' }, { plan: 'core', extra: 1 }, {}]) {
      expect((await billing(owner, 'PUT', fund, '/plan', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await billing(owner, 'GET', fund, '/plan/proration?plan=enterprise')).statusCode).toBe(400);
    expect((await billing(owner, 'GET', fund, '/invoices/not-an-id')).statusCode).toBe(400);
    expect((await billing(owner, 'GET', fund, '/invoices?limit=1000')).statusCode).toBe(400);
    expect((await billing(owner, 'POST', fund, '/payment-methods', { token: 'x', cardNumber: '4242424242424242' })).statusCode).toBe(400);
    expect((await billing(owner, 'PUT', fund, `/payment-methods/${someObjectId()}`, { expMonth: 13 })).statusCode).toBe(400);
    // Stripe's webhook does not exist with the built-in provider.
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
  });
});

describe('plan limits', () => {
  const offer = (institution: string, n: number) =>
    call(owner, 'POST', `tenant/${acme()}/offers`, { name: `Offer ${n}`, slug: `limit-offer-${newId().slice(-10)}`, institution });
  const invite = (institution: string) =>
    call(owner, 'POST', `tenant/${acme()}/institutions/${institution}/team/invite`, {
      email: uniqueEmail('seat'),
      firstname: 'Sea',
      lastname: 'T',
    });

  it('allows the trial 3 offers and 5 seats, then answers 403 with the way up; a paid plan lifts them', async () => {
    const id = await createInstitution('Limited');
    for (let n = 1; n <= 3; n++) expect((await offer(id, n)).statusCode).toBe(201);
    const refused = await offer(id, 4);
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toBe(planLimitMessage('Trial', 'offers', 3));
    // The creator holds the first seat.
    for (let n = 2; n <= 5; n++) expect((await invite(id)).statusCode).toBe(201);
    const full = await invite(id);
    expect(full.statusCode).toBe(403);
    expect(messageOf(full)).toBe(planLimitMessage('Trial', 'seats', 5));
    expect(dataOf<BillingPlanState>(await billing(owner, 'GET', id, '/plan')).usage).toEqual({ offers: 3, seats: 5 });

    await changePlan(id, 'core');
    expect((await offer(id, 4)).statusCode).toBe(201);
    expect((await invite(id)).statusCode).toBe(201);
  });

  it('allows nothing new once the trial has ended', async () => {
    const id = await createInstitution('Ended');
    await billing(owner, 'GET', id, '/plan');
    await t.app.db
      .update(billingAccounts)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(and(eq(billingAccounts.tenantId, acme()), eq(billingAccounts.institutionId, id)));
    for (const res of [await offer(id, 1), await invite(id)]) {
      expect(res.statusCode).toBe(403);
      expect(messageOf(res)).toBe(TRIAL_ENDED_MESSAGE);
    }
    await givePlan(t.app, acme(), id, 'pro');
    expect((await offer(id, 1)).statusCode).toBe(201);
  });
});
