import {
  WEBHOOK_EVENTS,
  WEBHOOK_HEADERS,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  type WebhookDelivery,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
} from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { callerOf, createApplication, signUp, type SignedUp, stepUpWithPassword } from '../../../test/factories.ts';
import { webhookDeliveries, webhookEndpoints, workflows } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { insertOfferForSigning, insertReadyWorkflow } from '../esign/esign.test-helpers.ts';
import { recordMarketplaceLead } from '../leads/index.ts';
import { marketplaceFactories } from '../marketplace/marketplace.test-helpers.ts';
import { dispatchDepsOf, dispatchDueWebhooks } from './index.ts';

/** What the local receiver got: the raw body exactly as sent, to verify the signature as integrators do. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let server: Server;
let base: string;
const received: Received[] = [];
/** The statuses the receiver answers with, in order; 200 when none is left. */
const answers: number[] = [];
let owner: SignedUp;
let fund: string;
let other: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      // A receiver that never answers.
      if (request.url === '/silent') return;
      const status = answers.shift() ?? 200;
      response.writeHead(status, status >= 300 && status < 400 ? { location: `${base}/elsewhere` } : { 'content-type': 'text/plain' });
      response.end(status === 200 ? 'ok' : `status ${status} ${'x'.repeat(3000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The receiver is on this machine: private targets allowed, as for a local test receiver.
  t = await buildTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' });
  owner = await signUp(t.app, 'acme', { role: 'owner' });
  const res = await call(owner, 'POST', 'tenant/acme/institutions', {
    name: 'Harbor',
    slug: `harbor-${newId().slice(-6)}`,
    descriptionShort: 'A fund',
  });
  fund = res.json().data._id;
  other = (
    await call(owner, 'POST', 'tenant/acme/institutions', {
      name: 'Other',
      slug: `other-${newId().slice(-6)}`,
      descriptionShort: 'Another',
    })
  ).json().data._id;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});
afterEach(async () => {
  // Each test's endpoints (and so their deliveries) go, so that no test sends another's.
  await t.app.db.delete(webhookEndpoints);
  received.length = 0;
  answers.length = 0;
});

const call = callerOf(() => t.app);
const acme = () => t.tenants.acme.id;
const tenantHooks = () => `tenant/${acme()}/webhooks`;
const institutionHooks = (id: string) => `tenant/acme/institutions/${id}/webhooks`;
const dispatch = (at = t.clock.now()) => dispatchDueWebhooks(dispatchDepsOf(t.app), at);

async function register(path: string, events: string[], receiverPath: string): Promise<WebhookEndpointWithSecret> {
  await stepUpWithPassword(t.app, owner);
  const res = await call(owner, 'POST', path, { url: `${base}${receiverPath}`, events, description: receiverPath });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** Verifies a delivery's signature exactly as the webhook guide tells integrators to. */
function verify(secret: string, request: Received): { t: number } {
  const header = String(request.headers[WEBHOOK_HEADERS.signature]);
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  expect(parts.t).toMatch(/^\d+$/);
  expect(parts.v1).toMatch(/^[0-9a-f]{64}$/);
  const expected = createHmac('sha256', secret).update(`${parts.t}.${request.body}`).digest();
  expect(timingSafeEqual(expected, Buffer.from(parts.v1!, 'hex'))).toBe(true);
  return { t: Number(parts.t) };
}

async function deliveryRow(id: string) {
  const [row] = await t.app.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, acme()), eq(webhookDeliveries.id, id)));
  return row!;
}
const deliveriesOf = (endpointId: string) => t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

async function sendTest(path: string, endpoint: string): Promise<WebhookDelivery> {
  const res = await call(owner, 'POST', `${path}/${endpoint}/test`);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data;
}

describe('signing and sending', () => {
  it('POSTs the event signed with the secret, with the event and delivery headers, and records the answer', async () => {
    const endpoint = await register(tenantHooks(), ['lead.created'], '/signed');
    const queued = await sendTest(tenantHooks(), endpoint._id);
    expect(queued).toMatchObject({ endpoint: endpoint._id, eventType: 'webhook.test', status: 'pending', attempts: [], replayOf: null });
    expect(queued.eventId).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(queued.payload).toMatchObject({ id: queued.eventId, type: 'webhook.test', tenant: acme(), institution: null });
    expect(received).toHaveLength(0);

    const now = t.clock.now();
    expect(await dispatch(now)).toBe(1);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.path).toBe('/signed');
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Tessera-Webhooks/1',
      [WEBHOOK_HEADERS.event]: 'webhook.test',
      [WEBHOOK_HEADERS.delivery]: queued._id,
    });
    expect(verify(endpoint.secret, request!).t).toBe(Math.floor(now.getTime() / 1000));
    const body = JSON.parse(request!.body) as WebhookEvent;
    expect(body).toEqual(queued.payload);
    expect(body.data).toEqual(WEBHOOK_EVENTS['webhook.test'].sample);
    // A wrong secret does not verify.
    expect(() => verify(`${endpoint.secret}x`, request!)).toThrow();

    const read = await call(owner, 'GET', `${tenantHooks()}/${endpoint._id}/deliveries/${queued._id}`);
    expect(read.statusCode, read.body).toBe(200);
    const delivery = read.json().data as WebhookDelivery;
    expect(delivery).toMatchObject({ status: 'succeeded', nextAttemptAt: null });
    expect(delivery.attempts).toEqual([
      { at: now.toISOString(), responseStatus: 200, responseBody: 'ok', durationMs: expect.any(Number), error: null },
    ]);
    const page = await call(owner, 'GET', `${tenantHooks()}/${endpoint._id}/deliveries`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.map((d: WebhookDelivery) => d._id)).toEqual([queued._id]);
    const listed = (await call(owner, 'GET', `${tenantHooks()}/${endpoint._id}`)).json().data;
    expect(listed.lastDelivery).toEqual({ status: 'succeeded', at: now.toISOString(), responseStatus: 200 });
    // Sent once: nothing is due any more.
    expect(await dispatch()).toBe(0);
  });

  it('signs with the new secret once it is rotated', async () => {
    const endpoint = await register(tenantHooks(), ['lead.created'], '/rotated');
    const rotated = await call(owner, 'POST', `${tenantHooks()}/${endpoint._id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = rotated.json().data as WebhookEndpointWithSecret;
    expect(secret).not.toBe(endpoint.secret);
    await sendTest(tenantHooks(), endpoint._id);
    await dispatch();
    verify(secret, received[0]!);
    expect(() => verify(endpoint.secret, received[0]!)).toThrow();
  });
});

describe('the address connected to', () => {
  it('is the one the resolver answered and was checked (DNS is not asked again); the Host header keeps the name', async () => {
    const port = new URL(base).port;
    const endpoint = await register(tenantHooks(), ['lead.created'], '/pinned');
    // A name no DNS server knows: only the injected resolver can answer it.
    await t.app.db
      .update(webhookEndpoints)
      .set({ url: `http://receiver.webhooks.invalid:${port}/pinned` })
      .where(eq(webhookEndpoints.id, endpoint._id));
    const queued = await sendTest(tenantHooks(), endpoint._id);
    const asked: string[] = [];
    const resolve = async (host: string) => {
      asked.push(host);
      return [{ address: '127.0.0.1', family: 4 as const }];
    };
    expect(await dispatchDueWebhooks(dispatchDepsOf(t.app, { resolve }), t.clock.now())).toBe(1);
    expect(asked).toEqual(['receiver.webhooks.invalid']);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.host).toBe(`receiver.webhooks.invalid:${port}`);
    expect((await deliveryRow(queued._id)).status).toBe('succeeded');
  });
});

describe('retries', () => {
  it('retries a failed delivery after the schedule, with the injected clock, until the receiver answers 2xx', async () => {
    const endpoint = await register(tenantHooks(), ['lead.created'], '/flaky');
    const queued = await sendTest(tenantHooks(), endpoint._id);
    answers.push(500);
    const first = t.clock.now();
    expect(await dispatch(first)).toBe(1);
    let row = await deliveryRow(queued._id);
    expect(row.status).toBe('retrying');
    expect(row.attemptCount).toBe(1);
    expect(row.nextAttemptAt!.getTime()).toBe(first.getTime() + WEBHOOK_RETRY_SCHEDULE_SECONDS[0] * 1000);
    expect(row.lockedUntil).toBeNull();
    expect(row.attempts[0]).toMatchObject({ responseStatus: 500, error: null });
    // Only the first 2 KB of the answer are kept.
    expect(row.attempts[0]!.responseBody!.length).toBe(2048);

    // Not due yet.
    t.clock.advance(30_000);
    expect(await dispatch()).toBe(0);
    t.clock.advance(31_000);
    expect(await dispatch()).toBe(1);
    row = await deliveryRow(queued._id);
    expect(row).toMatchObject({ status: 'succeeded', attemptCount: 2, nextAttemptAt: null });
    expect(row.attempts.map((a) => a.responseStatus)).toEqual([500, 200]);
    expect(received).toHaveLength(2);
    // The same event both times, each signed afresh.
    expect(received[0]!.body).toBe(received[1]!.body);
    verify(endpoint.secret, received[1]!);
  });

  it('counts a redirect as a failure and does not follow it; a refused connection is recorded with its reason', async () => {
    const endpoint = await register(tenantHooks(), ['lead.created'], '/moved');
    const queued = await sendTest(tenantHooks(), endpoint._id);
    answers.push(302);
    await dispatch();
    const row = await deliveryRow(queued._id);
    expect(row.status).toBe('retrying');
    expect(row.attempts[0]).toMatchObject({ responseStatus: 302, error: 'Redirects are not followed' });
    expect(received.map((r) => r.path)).toEqual(['/moved']);

    // A port nothing listens on.
    await t.app.db.update(webhookEndpoints).set({ url: 'http://127.0.0.1:9/closed' }).where(eq(webhookEndpoints.id, endpoint._id));
    const again = await sendTest(tenantHooks(), endpoint._id);
    await dispatch();
    const refused = await deliveryRow(again._id);
    expect(refused.status).toBe('retrying');
    expect(refused.attempts[0]).toMatchObject({ responseStatus: null, responseBody: null });
    expect(refused.attempts[0]!.error).toBeTruthy();
  });

  it('gives up on a receiver that does not answer within the timeout, and retries it later', async () => {
    const endpoint = await register(tenantHooks(), ['lead.created'], '/silent');
    const queued = await sendTest(tenantHooks(), endpoint._id);
    expect(await dispatchDueWebhooks(dispatchDepsOf(t.app, { timeoutMs: 200 }), t.clock.now())).toBe(1);
    const row = await deliveryRow(queued._id);
    expect(row.status).toBe('retrying');
    expect(row.attempts[0]).toMatchObject({ responseStatus: null, error: 'No answer within 200 ms' });
    expect(row.attempts[0]!.durationMs).toBeGreaterThanOrEqual(190);
  });

  it('gives up after the last retry of the schedule: the delivery is failed', async () => {
    const endpoint = await register(tenantHooks(), ['lead.created'], '/down');
    const queued = await sendTest(tenantHooks(), endpoint._id);
    answers.push(...Array(WEBHOOK_RETRY_SCHEDULE_SECONDS.length + 1).fill(503));
    // The clock injected into each round: each retry when it falls due.
    let at = t.clock.now();
    expect(await dispatch(at)).toBe(1);
    for (const wait of WEBHOOK_RETRY_SCHEDULE_SECONDS) {
      expect(await dispatch(new Date(at.getTime() + wait * 1000 - 1000))).toBe(0);
      at = new Date(at.getTime() + wait * 1000);
      expect(await dispatch(at)).toBe(1);
    }
    const row = await deliveryRow(queued._id);
    expect(row).toMatchObject({ status: 'failed', nextAttemptAt: null, attemptCount: WEBHOOK_RETRY_SCHEDULE_SECONDS.length + 1 });
    expect(row.attempts.every((a) => a.responseStatus === 503)).toBe(true);
    expect(await dispatch(new Date(at.getTime() + 86_400_000))).toBe(0);
    expect(received).toHaveLength(WEBHOOK_RETRY_SCHEDULE_SECONDS.length + 1);

    // Replaying a failed delivery sends the same event again, as a new delivery.
    const replayed = await call(owner, 'POST', `${tenantHooks()}/${endpoint._id}/deliveries/${queued._id}/replay`);
    expect(replayed.statusCode, replayed.body).toBe(202);
    const replay = replayed.json().data as WebhookDelivery;
    expect(replay).toMatchObject({ replayOf: queued._id, eventId: queued.eventId, status: 'pending', attempts: [] });
    expect(replay.payload).toEqual(queued.payload);
    expect(replay._id).not.toBe(queued._id);
    received.length = 0;
    await dispatch();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body).id).toBe(queued.eventId);
    expect(received[0]!.headers[WEBHOOK_HEADERS.delivery]).toBe(replay._id);
    verify(endpoint.secret, received[0]!);
    expect((await deliveryRow(replay._id)).status).toBe('succeeded');
    expect((await deliveryRow(queued._id)).status).toBe('failed');
  });
});

describe('disabled endpoints and the delivery list', () => {
  it("keeps a disabled endpoint's deliveries pending until it is enabled again", async () => {
    const endpoint = await register(tenantHooks(), ['lead.created'], '/paused');
    const queued = await sendTest(tenantHooks(), endpoint._id);
    expect((await call(owner, 'PUT', `${tenantHooks()}/${endpoint._id}`, { enabled: false })).statusCode).toBe(200);
    expect(await dispatch()).toBe(0);
    expect((await deliveryRow(queued._id)).status).toBe('pending');
    expect((await call(owner, 'PUT', `${tenantHooks()}/${endpoint._id}`, { enabled: true })).statusCode).toBe(200);
    expect(await dispatch()).toBe(1);
    expect((await deliveryRow(queued._id)).status).toBe('succeeded');
  });

  it('lists deliveries newest first, paged, by status and event type', async () => {
    const endpoint = await register(institutionHooks(fund), ['lead.created'], '/listed');
    const path = `${institutionHooks(fund)}/${endpoint._id}/deliveries`;
    const a = await sendTest(institutionHooks(fund), endpoint._id);
    t.clock.advance(1000);
    answers.push(500);
    await dispatch();
    const b = await sendTest(institutionHooks(fund), endpoint._id);
    t.clock.advance(1000);
    const c = await sendTest(institutionHooks(fund), endpoint._id);
    expect(b.payload.institution).toBe(fund);

    const all = await call(owner, 'GET', path);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.map((d: WebhookDelivery) => d._id)).toEqual([c._id, b._id, a._id]);
    expect(all.json().meta).toEqual({ page: 1, limit: 20, total: 3 });
    const page = await call(owner, 'GET', `${path}?limit=2&page=2`);
    expect(page.json().data.map((d: WebhookDelivery) => d._id)).toEqual([a._id]);
    const retrying = await call(owner, 'GET', `${path}?status=retrying`);
    expect(retrying.json().data.map((d: WebhookDelivery) => d._id)).toEqual([a._id]);
    expect((await call(owner, 'GET', `${path}?eventType=lead.created`)).json().meta.total).toBe(0);
    expect((await call(owner, 'GET', `${path}?eventType=webhook.test&status=pending`)).json().meta.total).toBe(2);
    const one = await call(owner, 'GET', `${path}/${a._id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.attempts).toHaveLength(1);
    expect((await call(owner, 'GET', `${path}?status=lost`)).statusCode).toBe(400);
    expect((await call(owner, 'GET', `${path}?limit=101`)).statusCode).toBe(400);
    // A delivery of another endpoint is not found here.
    const second = await register(institutionHooks(fund), ['lead.created'], '/second');
    expect((await call(owner, 'GET', `${institutionHooks(fund)}/${second._id}/deliveries/${a._id}`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', `${institutionHooks(fund)}/${second._id}/deliveries/${a._id}/replay`)).statusCode).toBe(404);

    const replayed = await call(owner, 'POST', `${path}/${a._id}/replay`);
    expect(replayed.statusCode, replayed.body).toBe(202);
    expect(replayed.json().data).toMatchObject({ replayOf: a._id, eventId: a.eventId });
  });
});

describe('events raised by the rest of the platform', () => {
  /** The tenant's endpoint, fund's, other's, and a tenant endpoint subscribed to something else. */
  async function listeners(type: string) {
    return {
      tenant: await register(tenantHooks(), [type], '/tenant'),
      fund: await register(institutionHooks(fund), [type], '/fund'),
      other: await register(institutionHooks(other), [type], '/other'),
      elsewhere: await register(tenantHooks(), ['invoice.paid'], '/elsewhere'),
    };
  }

  it("lead created: to the tenant's and the lead's institution's endpoints, not another institution's", async () => {
    const hooks = await listeners('lead.created');
    const res = await call(owner, 'POST', 'tenant/acme/leads', {
      institution: fund,
      email: `lead-${newId()}@example.com`,
      firstname: 'Ada',
      lastname: 'Moreno',
    });
    expect(res.statusCode, res.body).toBe(201);
    const lead = res.json().data;
    const [toTenant] = await deliveriesOf(hooks.tenant._id);
    const [toFund] = await deliveriesOf(hooks.fund._id);
    expect(await deliveriesOf(hooks.other._id)).toEqual([]);
    expect(await deliveriesOf(hooks.elsewhere._id)).toEqual([]);
    expect(toTenant!.eventId).toBe(toFund!.eventId);
    expect(toTenant!.payload).toMatchObject({ type: 'lead.created', tenant: acme(), institution: fund });
    const data = toTenant!.payload.data as { lead: Record<string, unknown> };
    expect(Object.keys(data.lead).sort()).toEqual(Object.keys(WEBHOOK_EVENTS['lead.created'].sample.lead as object).sort());
    expect(data.lead).toMatchObject({ _id: lead._id, institution: fund, firstname: 'Ada', lastname: 'Moreno', origin: 'manual' });

    expect(await dispatch()).toBe(2);
    expect(received.map((r) => r.path).sort()).toEqual(['/fund', '/tenant']);
    expect(received.every((r) => r.headers[WEBHOOK_HEADERS.event] === 'lead.created')).toBe(true);
    verify(hooks.fund.secret, received.find((r) => r.path === '/fund')!);

    // A duplicate lead is refused: no event.
    const before = (await deliveriesOf(hooks.tenant._id)).length;
    const duplicate = await call(owner, 'POST', 'tenant/acme/leads', {
      institution: fund,
      email: lead.email,
      firstname: 'Ada',
      lastname: 'Again',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(await deliveriesOf(hooks.tenant._id)).toHaveLength(before);
  });

  it('lead created from the marketplace: once, when the lead is new, not when a known lead is touched', async () => {
    const hooks = await listeners('lead.created');
    const offer = await marketplaceFactories(t).createOffer({ tenantId: acme(), institutionId: fund });
    const visitor = await signUp(t.app, 'acme', { firstname: 'Vera', lastname: 'Visitor' });
    const act = { tenantId: acme(), userId: visitor.user._id, offerId: offer, act: { kind: 'cta' } as const };
    expect(await t.app.db.transaction((tx) => recordMarketplaceLead(tx, act))).toMatchObject({ inserted: true });
    expect(await t.app.db.transaction((tx) => recordMarketplaceLead(tx, act))).toMatchObject({ inserted: false });
    const toFund = await deliveriesOf(hooks.fund._id);
    expect(toFund).toHaveLength(1);
    expect(toFund[0]!.payload.data).toMatchObject({ lead: { origin: 'marketplace', firstname: 'Vera', institution: fund } });
    expect(await deliveriesOf(hooks.tenant._id)).toHaveLength(1);
    expect(await deliveriesOf(hooks.other._id)).toEqual([]);
  });

  it("workflow completed: to the tenant's and the offer's institution's endpoints", async () => {
    const { institutionId, offerId, classId } = await insertOfferForSigning(t, acme());
    const hooks = {
      tenant: await register(tenantHooks(), ['workflow.completed'], '/tenant'),
      institution: await register(institutionHooks(institutionId), ['workflow.completed'], '/institution'),
      other: await register(institutionHooks(fund), ['workflow.completed'], '/other'),
    };
    const investor = await signUp(t.app, 'acme', { firstname: 'Ivy', lastname: 'Investor' });
    const workflowId = await insertReadyWorkflow(t, { tenantId: acme(), ownerId: investor.user._id, offerId, institutionId, classId });
    // Signed, as the e-signature module leaves it: only the summary is left.
    const [row] = await t.app.db.select().from(workflows).where(eq(workflows.id, workflowId));
    await t.app.db
      .update(workflows)
      .set({ steps: row!.steps.map((s) => (s.key === 'esignature' ? { ...s, status: 'completed' as const } : s)) })
      .where(eq(workflows.id, workflowId));
    expect(await deliveriesOf(hooks.tenant._id)).toEqual([]);
    const done = await call(investor, 'PUT', `tenant/acme/workflows/${workflowId}/steps/summary/complete`, { data: { submitted: true } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.status).toBe('completed');
    const [toTenant] = await deliveriesOf(hooks.tenant._id);
    expect(await deliveriesOf(hooks.institution._id)).toHaveLength(1);
    expect(await deliveriesOf(hooks.other._id)).toEqual([]);
    expect(toTenant!.payload).toMatchObject({ type: 'workflow.completed', institution: institutionId });
    const data = toTenant!.payload.data as { workflow: Record<string, unknown> };
    expect(Object.keys(data.workflow).sort()).toEqual(Object.keys(WEBHOOK_EVENTS['workflow.completed'].sample.workflow as object).sort());
    expect(data.workflow).toMatchObject({
      _id: workflowId,
      type: 'investment',
      status: 'completed',
      owner: investor.user._id,
      offer: offerId,
      institution: institutionId,
      amount: 50_000,
    });
  });

  it("application status changed: to the tenant's endpoints only", async () => {
    const hooks = await listeners('application.status_changed');
    const applicant = await signUp(t.app, 'acme');
    const application = await createApplication(t.app, { tenantId: acme(), userId: applicant.user._id, status: 'submitted' });
    const res = await call(owner, 'PUT', `application/${application.id}/status`, { status: 'rejected', note: 'Statements are too old' });
    expect(res.statusCode, res.body).toBe(200);
    const [toTenant] = await deliveriesOf(hooks.tenant._id);
    expect(await deliveriesOf(hooks.fund._id)).toEqual([]);
    expect(toTenant!.payload).toMatchObject({
      type: 'application.status_changed',
      institution: null,
      data: { application: { _id: application.id, user: applicant.user._id, status: { old: 'submitted', new: 'rejected' } } },
    });
    // The note and the applicant's details are not in it.
    expect(JSON.stringify(toTenant!.payload)).not.toContain('Statements');
    expect(JSON.stringify(toTenant!.payload)).not.toContain(applicant.email);

    // The applicant's own wizard moves it too (not-started → in-progress).
    const own = await createApplication(t.app, { tenantId: acme(), userId: applicant.user._id, status: 'not-started' });
    const moved = await call(applicant, 'PUT', `application/${own.id}`, {
      direction: 'next',
      questionId: 'identity',
      answers: { identity: 'individual' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const statuses = (await deliveriesOf(hooks.tenant._id)).map(
      (d) => (d.payload.data as { application: { status: unknown } }).application.status,
    );
    expect(statuses).toContainEqual({ old: 'not-started', new: 'in-progress' });
  });

  it("offer published: to the tenant's and the offer's institution's endpoints, not when unpublished", async () => {
    const hooks = await listeners('offer.published');
    const documents = ['operating-agreement', 'private-placement-memorandum', 'subscription-agreement', 'wire-instructions'].map(
      (type, position) => ({
        document: newId(),
        type,
        position,
        hidden: false,
      }),
    );
    const offer = await marketplaceFactories(t).createOffer({
      tenantId: acme(),
      institutionId: fund,
      name: 'Harbor Point Apartments',
      slug: `harbor-point-${newId().slice(-6)}`,
      approvalStatus: 'approved',
      documents: documents as never,
    });
    const published = await call(owner, 'PUT', `tenant/acme/offers/${offer}/publishing`, { published: true });
    expect(published.statusCode, published.body).toBe(200);
    const [toFund] = await deliveriesOf(hooks.fund._id);
    expect(await deliveriesOf(hooks.tenant._id)).toHaveLength(1);
    expect(await deliveriesOf(hooks.other._id)).toEqual([]);
    expect(toFund!.payload.data).toMatchObject({ offer: { _id: offer, institution: fund, name: 'Harbor Point Apartments' } });
    expect(Object.keys((toFund!.payload.data as { offer: object }).offer).sort()).toEqual(
      Object.keys(WEBHOOK_EVENTS['offer.published'].sample.offer as object).sort(),
    );
    expect((await call(owner, 'PUT', `tenant/acme/offers/${offer}/publishing`, { published: false })).statusCode).toBe(200);
    expect(await deliveriesOf(hooks.fund._id)).toHaveLength(1);
  });

  it("invoice paid: to the tenant's and the invoice's institution's endpoints when a tenant owner marks it paid", async () => {
    const hooks = await listeners('invoice.paid');
    const billing = `tenant/acme/institutions/${fund}/billing`;
    const changed = await call(owner, 'PUT', `${billing}/plan`, { plan: 'core', interval: 'month' });
    expect(changed.statusCode, changed.body).toBe(200);
    const invoice = changed.json().data.invoice as { _id: string; number: string; status: string; total: number };
    expect(invoice.status).toBe('open');
    expect(await deliveriesOf(hooks.fund._id)).toEqual([]);
    const paid = await call(owner, 'POST', `${billing}/invoices/${invoice._id}/mark-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    const [toFund] = await deliveriesOf(hooks.fund._id);
    expect(await deliveriesOf(hooks.tenant._id)).toHaveLength(1);
    expect(await deliveriesOf(hooks.other._id)).toEqual([]);
    expect(toFund!.payload.data).toMatchObject({
      invoice: { _id: invoice._id, number: invoice.number, institution: fund, total: invoice.total },
    });
    expect(Object.keys((toFund!.payload.data as { invoice: object }).invoice).sort()).toEqual(
      Object.keys(WEBHOOK_EVENTS['invoice.paid'].sample.invoice as object).sort(),
    );
  });

  it('costs one query and writes nothing when no endpoint listens', async () => {
    const before = (await t.app.db.select().from(webhookDeliveries)).length;
    const res = await call(owner, 'POST', 'tenant/acme/leads', {
      institution: fund,
      email: `quiet-${newId()}@example.com`,
      firstname: 'Q',
      lastname: 'Uiet',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await t.app.db.select().from(webhookDeliveries)).length).toBe(before);
  });
});

describe('the background dispatcher', () => {
  it('sends due deliveries on its own when an interval is set, and stops when the app closes', async () => {
    const node = await buildTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', WEBHOOK_DISPATCH_INTERVAL_MS: '25' }, { sameDatabaseAs: t });
    // The second node's clock keeps time with this one's, moved on by the tests before.
    node.clock.advance(t.clock.now().getTime() - node.clock.now().getTime() + 1000);
    try {
      const endpoint = await register(tenantHooks(), ['lead.created'], '/background');
      const queued = await sendTest(tenantHooks(), endpoint._id);
      for (let i = 0; i < 200 && (await deliveryRow(queued._id)).status !== 'succeeded'; i++) await new Promise((r) => setTimeout(r, 25));
      expect((await deliveryRow(queued._id)).status).toBe('succeeded');
      expect(received.map((r) => r.path)).toEqual(['/background']);
    } finally {
      await node.close();
    }
    // Closed: a new delivery waits for someone to send it.
    const endpoint = await register(tenantHooks(), ['lead.created'], '/after');
    const queued = await sendTest(tenantHooks(), endpoint._id);
    await new Promise((r) => setTimeout(r, 100));
    expect((await deliveryRow(queued._id)).status).toBe('pending');
  });
});
