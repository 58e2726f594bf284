import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { applications, webauthnCredentials, webhookDeliveries } from '../db/schema/index.ts';
import { newId } from '../lib/ids.ts';
import { insertEvaluatorLink } from '../modules/applications/evaluators.test-helpers.ts';
import { findMember } from '../modules/tenants/tenant-members.repository.ts';
import { LISTED, marketplaceFactories } from '../modules/marketplace/marketplace.test-helpers.ts';
import { insertOfferForSigning, insertReadyWorkflow } from '../modules/esign/esign.test-helpers.ts';
import { insertAdvisorThread } from '../modules/advisor/advisor.test-helpers.ts';
import { multipart, PNG, uploadDocument } from '../modules/documents/documents.test-helpers.ts';
import type { RouteEntry } from '../plugins/route-table.ts';
import { hostOf, type TestApp } from '../../test/build-test-app.ts';
import { DEFAULT_ATTRIBUTES } from '../modules/tenants/tenant-members.repository.ts';
import { bearer, signUp, type SignedUp } from '../../test/factories.ts';
import { piiSentinels } from '../../test/pii-factories.ts';
import { isEnumParam, paramNames, passes, type Member } from './security.test-helpers.ts';

/** What a factory works with: the app, tenant A (acme), its owner who creates everything, a platform admin. */
export interface IsolationContext {
  t: TestApp;
  /** Tenant A's owner, on tenant A's host. */
  owner: SignedUp;
  /** A platform admin, signed in to tenant A. */
  admin: SignedUp;
  /** The values another factory created (created once, then shared). */
  of(prefix: string): Promise<string[]>;
  /** Calls the API as someone and returns `data` of the 200 (or, for a create, 201) answer. */
  send<T = { _id: string }>(who: SignedUp, request: InjectOptions): Promise<T>;
}

/**
 * Creates one entity in tenant A and returns the values of the path parameters of `prefix`, in order
 * (the tenant parameter of /tenant/:t routes included). Every route whose path starts with the prefix
 * and has no entity parameter beyond it is covered by that factory.
 */
export interface EntityFactory {
  prefix: string;
  create(ctx: IsolationContext): Promise<string[]>;
}

const acmeOf = (ctx: IsolationContext) => ctx.t.tenants.acme.id;
const upload = (url: string, method: 'PUT' | 'POST' = 'PUT', fields: Record<string, string> = {}) => {
  const form = multipart(fields, [{ name: 'x.png', data: PNG, type: 'image/png' }]);
  return { method, url, payload: form.payload, headers: form.headers } as const;
};

const webhookEndpointRequest = (url: string) =>
  ({ method: 'POST', url, payload: { url: 'https://hooks.isolated.example/in', events: ['lead.created'] } }) as const;
/** A delivery of a test event to the endpoint, written straight to the database. */
async function insertWebhookDelivery(ctx: IsolationContext, endpointId: string, institution: string | null): Promise<string> {
  const id = newId();
  const eventId = `evt_${id}`;
  await ctx.t.app.db.insert(webhookDeliveries).values({
    tenantId: acmeOf(ctx),
    id,
    endpointId,
    eventId,
    eventType: 'webhook.test',
    payload: { id: eventId, type: 'webhook.test', createdAt: new Date().toISOString(), tenant: acmeOf(ctx), institution, data: {} },
    nextAttemptAt: null,
  });
  return id;
}

/** An institution of tenant A made through the API by its owner, for billing's entities. */
async function billingInstitution(ctx: IsolationContext, name: string): Promise<string> {
  const payload = { name: `${name} Fund`, slug: `${name.toLowerCase()}-${newId().slice(-8)}`, descriptionShort: 'A fund' };
  return (await ctx.send(ctx.owner, { method: 'POST', url: `/api/v1/tenant/${acmeOf(ctx)}/institutions`, payload }))._id;
}

/** A one-use card token of tenant A's built-in vault (the test card that is charged). */
export async function builtinCardToken(ctx: IsolationContext): Promise<string> {
  const payload = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123', holderName: 'Iso Lation' };
  return (await ctx.send<{ token: string }>(ctx.owner, { method: 'POST', url: '/api/v1/payments/builtin/tokens', payload })).token;
}

export const ENTITY_FACTORIES: EntityFactory[] = [
  // The tenant itself: its id in /tenant/:t routes, and in the platform admin's /tenant/:tenantId ones.
  { prefix: '/api/v1/tenant/:t', create: async (ctx) => [acmeOf(ctx)] },
  { prefix: '/api/v1/admin/tenant/:tenantId', create: async (ctx) => [acmeOf(ctx)] },
  // A passkey of tenant A's owner (the account's, not the tenant's): nobody else may remove it.
  {
    prefix: '/api/v1/auth/mfa/passkeys/:passkeyId',
    create: async (ctx) => {
      const id = newId();
      await ctx.t.app.db.insert(webauthnCredentials).values({
        id,
        userId: ctx.owner.user._id,
        credentialId: `isolation-${id}`,
        publicKey: 'pQECAyYgASFYIA',
        name: 'Isolation key',
      });
      return [id];
    },
  },
  {
    prefix: '/api/v1/tenant/:t/members/:id',
    create: async (ctx) => [acmeOf(ctx), (await findMember(ctx.t.app.db, acmeOf(ctx), ctx.owner.user._id))!.id],
  },
  { prefix: '/api/v1/tenant-member/:tenantMemberId', create: async (ctx) => [(await ctx.of('/api/v1/tenant/:t/members/:id'))[1]!] },
  {
    prefix: '/api/v1/tenant/:t/groups/:id',
    create: async (ctx) => [
      acmeOf(ctx),
      (await ctx.send(ctx.owner, { method: 'POST', url: `/api/v1/tenant/${acmeOf(ctx)}/groups`, payload: { name: 'Isolated group' } }))._id,
    ],
  },
  {
    prefix: '/api/v1/tenant/:t/groups/:id/members/:memberId',
    create: async (ctx) => {
      const [t, group] = await ctx.of('/api/v1/tenant/:t/groups/:id');
      const [, member] = await ctx.of('/api/v1/tenant/:t/members/:id');
      await ctx.send(ctx.owner, { method: 'POST', url: `/api/v1/tenant/${t}/groups/${group}/members`, payload: { memberIds: [member] } });
      return [t!, group!, member!];
    },
  },
  {
    prefix: '/api/v1/tenant/:t/api-keys/:keyId',
    create: async (ctx) => [
      acmeOf(ctx),
      (
        await ctx.send(ctx.owner, {
          method: 'POST',
          url: `/api/v1/tenant/${acmeOf(ctx)}/api-key/pvt`,
          payload: { scopes: ['tenant:read'] },
        })
      )._id,
    ],
  },
  {
    prefix: '/api/v1/tenant/:t/institutions/:id',
    create: async (ctx) => [
      acmeOf(ctx),
      (
        await ctx.send(ctx.owner, {
          method: 'POST',
          url: `/api/v1/tenant/${acmeOf(ctx)}/institutions`,
          payload: { name: 'Isolated Fund', slug: `isolated-${newId().slice(-8)}`, descriptionShort: 'A fund' },
        })
      )._id,
    ],
  },
  {
    prefix: '/api/v1/tenant/:t/institutions/:id/team/:memberId',
    create: async (ctx) => {
      const [t, institution] = await ctx.of('/api/v1/tenant/:t/institutions/:id');
      const url = `/api/v1/tenant/${t}/institutions/${institution}/team/invite`;
      const member = await ctx.send(ctx.owner, {
        method: 'POST',
        url,
        payload: { email: `team-${newId()}@example.com`, firstname: 'Tea', lastname: 'Mate' },
      });
      return [t!, institution!, member._id];
    },
  },
  {
    prefix: '/api/v1/tenant/:t/institutions/:id/api-keys/:keyId',
    create: async (ctx) => {
      const [t, institution] = await ctx.of('/api/v1/tenant/:t/institutions/:id');
      const url = `/api/v1/tenant/${t}/institutions/${institution}/api-key/pvt`;
      return [t!, institution!, (await ctx.send(ctx.owner, { method: 'POST', url, payload: { scopes: ['institutions:read'] } }))._id];
    },
  },
  // Webhooks (issue #23): an endpoint of the tenant and one of an institution, each with a delivery.
  {
    prefix: '/api/v1/tenant/:t/webhooks/:endpointId',
    create: async (ctx) => [acmeOf(ctx), (await ctx.send(ctx.owner, webhookEndpointRequest(`/api/v1/tenant/${acmeOf(ctx)}/webhooks`)))._id],
  },
  {
    prefix: '/api/v1/tenant/:t/webhooks/:endpointId/deliveries/:deliveryId',
    create: async (ctx) => {
      const [t, endpoint] = await ctx.of('/api/v1/tenant/:t/webhooks/:endpointId');
      return [t!, endpoint!, await insertWebhookDelivery(ctx, endpoint!, null)];
    },
  },
  {
    prefix: '/api/v1/tenant/:t/institutions/:id/webhooks/:endpointId',
    create: async (ctx) => {
      const [t, institution] = await ctx.of('/api/v1/tenant/:t/institutions/:id');
      const url = `/api/v1/tenant/${t}/institutions/${institution}/webhooks`;
      return [t!, institution!, (await ctx.send(ctx.owner, webhookEndpointRequest(url)))._id];
    },
  },
  {
    prefix: '/api/v1/tenant/:t/institutions/:id/webhooks/:endpointId/deliveries/:deliveryId',
    create: async (ctx) => {
      const [t, institution, endpoint] = await ctx.of('/api/v1/tenant/:t/institutions/:id/webhooks/:endpointId');
      return [t!, institution!, endpoint!, await insertWebhookDelivery(ctx, endpoint!, institution!)];
    },
  },
  // Issue #23: an invoice (a plan change from the trial, by bank transfer) and a card, each on an institution of its own.
  {
    prefix: '/api/v1/tenant/:t/institutions/:id/billing/invoices/:invoiceId',
    create: async (ctx) => {
      const institution = await billingInstitution(ctx, 'Invoiced');
      const url = `/api/v1/tenant/${acmeOf(ctx)}/institutions/${institution}/billing/plan`;
      const result = await ctx.send<{ invoice: { _id: string } }>(ctx.owner, {
        method: 'PUT',
        url,
        payload: { plan: 'core', interval: 'month' },
      });
      return [acmeOf(ctx), institution, result.invoice._id];
    },
  },
  {
    prefix: '/api/v1/tenant/:t/institutions/:id/billing/payment-methods/:paymentMethodId',
    create: async (ctx) => {
      const institution = await billingInstitution(ctx, 'Carded');
      const url = `/api/v1/tenant/${acmeOf(ctx)}/institutions/${institution}/billing/payment-methods`;
      const card = await ctx.send(ctx.owner, { method: 'POST', url, payload: { token: await builtinCardToken(ctx) } });
      return [acmeOf(ctx), institution, card._id];
    },
  },
  {
    prefix: '/api/v1/tenant/:t/offers/:id',
    create: async (ctx) => {
      const [t, institution] = await ctx.of('/api/v1/tenant/:t/institutions/:id');
      const offer = await ctx.send(ctx.owner, {
        method: 'POST',
        url: `/api/v1/tenant/${t}/offers`,
        payload: { name: 'Isolated offer', slug: `isolated-${newId().slice(-8)}`, institution },
      });
      return [t!, offer._id];
    },
  },
  // Issue #22: a lead of tenant A's institution, and a note on it.
  {
    prefix: '/api/v1/tenant/:t/leads/:id',
    create: async (ctx) => {
      const [t, institution] = await ctx.of('/api/v1/tenant/:t/institutions/:id');
      const lead = await ctx.send(ctx.owner, {
        method: 'POST',
        url: `/api/v1/tenant/${t}/leads`,
        payload: { institution, email: `isolated-${newId()}@example.com`, firstname: 'Iso', lastname: 'Lead' },
      });
      return [t!, lead._id];
    },
  },
  {
    prefix: '/api/v1/tenant/:t/leads/:id/notes/:noteId',
    create: async (ctx) => {
      const [t, lead] = await ctx.of('/api/v1/tenant/:t/leads/:id');
      const url = `/api/v1/tenant/${t}/leads/${lead}/notes`;
      return [t!, lead!, (await ctx.send(ctx.owner, { method: 'POST', url, payload: { content: 'Isolated note' } }))._id];
    },
  },
  // Issue #20: an investment workflow of tenant A's owner, every step before the e-signature done (so its e-signature
  // routes get past their step check), written straight to the database.
  {
    prefix: '/api/v1/tenant/:t/workflows/:workflowId',
    create: async (ctx) => {
      const offer = await insertOfferForSigning(ctx.t, acmeOf(ctx));
      return [acmeOf(ctx), await insertReadyWorkflow(ctx.t, { tenantId: acmeOf(ctx), ownerId: ctx.owner.user._id, ...offer })];
    },
  },
  // Marketplace reads: a listed offer of tenant A with one visible document, a visible institution, an image.
  {
    prefix: '/api/v1/tenant/:t/marketplace/offers/:id/documents/:docId',
    create: async (ctx) => {
      const f = marketplaceFactories(ctx.t);
      const institutionId = await f.createInstitution(acmeOf(ctx), 'Listed Fund');
      const document = await f.storeDocument(acmeOf(ctx), 'Operating agreement', 'text');
      const offer = await f.createOffer({
        tenantId: acmeOf(ctx),
        institutionId,
        ...LISTED,
        documents: [{ document, type: 'other', position: 0, hidden: false }],
      });
      return [acmeOf(ctx), offer, document];
    },
  },
  {
    prefix: '/api/v1/tenant/:t/marketplace/offers/:id',
    create: async (ctx) => (await ctx.of('/api/v1/tenant/:t/marketplace/offers/:id/documents/:docId')).slice(0, 2),
  },
  {
    prefix: '/api/v1/tenant/:t/marketplace/institutions/:id',
    create: async (ctx) => [acmeOf(ctx), await marketplaceFactories(ctx.t).createInstitution(acmeOf(ctx), 'Shown Fund')],
  },
  {
    prefix: '/api/v1/tenant/:t/marketplace/images/:imageId',
    create: async (ctx) => [acmeOf(ctx), await marketplaceFactories(ctx.t).storeImage(acmeOf(ctx))],
  },
  {
    // A signed image address (issue #17): tenant B's host refuses it whatever the signature.
    prefix: '/api/v1/tenant/:t/images/:imageId',
    create: async (ctx) => [acmeOf(ctx), await marketplaceFactories(ctx.t).storeImage(acmeOf(ctx))],
  },
  {
    prefix: '/api/v1/tenant/:t/branding/media/:imageId',
    create: async (ctx) => [acmeOf(ctx), await marketplaceFactories(ctx.t).storeImage(acmeOf(ctx))],
  },
  // Issue #20: the steps (by key) of the workflow above.
  {
    prefix: '/api/v1/tenant/:t/workflows/:workflowId/steps/:stepId',
    create: async (ctx) => [...(await ctx.of('/api/v1/tenant/:t/workflows/:workflowId')), 'diligence'],
  },
  // The owner's own account and what hangs off it.
  { prefix: '/api/v1/user/:id', create: async (ctx) => [ctx.owner.user._id] },
  {
    // A session of tenant A's owner (a second sign-in, so ending it leaves the owner signed in): only they may end it.
    prefix: '/api/v1/auth/sessions/:sessionId',
    create: async (ctx) => {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        headers: { host: ctx.owner.host },
        payload: { email: ctx.owner.email, password: ctx.owner.password },
      });
      expect(res.statusCode, res.body).toBe(200);
      return [(res.json() as { data: { sessionId: string } }).data.sessionId];
    },
  },
  {
    // Issue #24: an AI Advisor chat of tenant A's owner (with a question and its answer): only they may read or delete it.
    prefix: '/api/v1/aiadvisor/threads/:threadId',
    create: async (ctx) => [(await insertAdvisorThread(ctx.t.app, acmeOf(ctx), ctx.owner.user._id)).threadId],
  },
  {
    prefix: '/api/v1/user/:id/onboarding/identity/inquiries/:inquiryId',
    create: async (ctx) => {
      const url = `/api/v1/user/${ctx.owner.user._id}/onboarding/identity/inquiries`;
      const opened = await ctx.send<{ inquiry: { _id: string } }>(ctx.owner, { method: 'POST', url });
      return [ctx.owner.user._id, opened.inquiry._id];
    },
  },
  {
    prefix: '/api/v1/user/:id/image/:imageId',
    create: async (ctx) => {
      const user = await ctx.send<{ image: string | null }>(ctx.owner, upload(`/api/v1/user/${ctx.owner.user._id}/image`));
      return [ctx.owner.user._id, user.image!.split('/').at(-1)!];
    },
  },
  { prefix: '/api/v1/admin/user/:id', create: async (ctx) => [ctx.owner.user._id] },
  {
    prefix: '/api/v1/admin/user/:id/rbac/:rbacId',
    create: async (ctx) => {
      const institution = await marketplaceFactories(ctx.t).createInstitution(acmeOf(ctx), 'Assigned Fund');
      const url = `/api/v1/admin/user/${ctx.owner.user._id}/rbac`;
      const assignment = await ctx.send(ctx.admin, {
        method: 'POST',
        url,
        payload: { entityType: 'institution', entity: institution, role: 'member', tenant: acmeOf(ctx) },
      });
      return [ctx.owner.user._id, assignment._id];
    },
  },
  {
    prefix: '/api/v1/individual-profile/:id',
    create: async (ctx) => {
      const { _id } = await ctx.send(ctx.owner, {
        method: 'POST',
        url: '/api/v1/individual-profile',
        payload: { firstname: 'Iso', lastname: 'Lated', acceptDisclosures: true },
      });
      // Classified values, so the PII scan watches every call the isolation walk makes on this profile.
      const { ssn, tin, ein, birthDate } = piiSentinels();
      await ctx.send(ctx.owner, { method: 'PUT', url: `/api/v1/individual-profile/${_id}`, payload: { ssn, tin, ein, birthDate } });
      return [_id];
    },
  },
  {
    prefix: '/api/v1/individual-profile/:id/media/:imageId',
    create: async (ctx) => {
      const [profile] = await ctx.of('/api/v1/individual-profile/:id');
      const updated = await ctx.send<{ image: string | null }>(ctx.owner, upload(`/api/v1/individual-profile/${profile}/media`));
      return [profile!, updated.image!.split('/').at(-1)!];
    },
  },
  {
    prefix: '/api/v1/financial-account/:id',
    create: async (ctx) => [
      (
        await ctx.send(ctx.owner, {
          method: 'POST',
          url: '/api/v1/financial-account',
          payload: { accountName: 'Main', type: 'checking', number: piiSentinels().accountNumber },
        })
      )._id,
    ],
  },
  {
    prefix: '/api/v1/legal-entity-profile/:id',
    create: async (ctx) => [
      (
        await ctx.send(ctx.owner, {
          method: 'POST',
          url: '/api/v1/legal-entity-profile',
          payload: { name: 'Iso LLC', legalEntityType: 'sole-proprietorship', acceptDisclosures: true },
        })
      )._id,
    ],
  },
  {
    prefix: '/api/v1/legal-entity-profile/:id/stakeholders/:stakeholderId',
    create: async (ctx) => {
      const [entity] = await ctx.of('/api/v1/legal-entity-profile/:id');
      const [individualProfile] = await ctx.of('/api/v1/individual-profile/:id');
      const url = `/api/v1/legal-entity-profile/${entity}/stakeholders`;
      const stakeholder = await ctx.send(ctx.owner, {
        method: 'POST',
        url,
        payload: { individualProfile, stakeholderType: 'fiduciary', fiduciaryRole: 'trustee' },
      });
      return [entity!, stakeholder._id];
    },
  },
  {
    prefix: '/api/v1/legal-entity-profile/:id/media/:imageId',
    create: async (ctx) => {
      const [entity] = await ctx.of('/api/v1/legal-entity-profile/:id');
      const updated = await ctx.send<{ image: string | null }>(ctx.owner, upload(`/api/v1/legal-entity-profile/${entity}/media`));
      return [entity!, updated.image!.split('/').at(-1)!];
    },
  },
  {
    prefix: '/api/v1/business/:id',
    create: async (ctx) => {
      const payload = {
        name: 'Iso Inc',
        dba: 'Iso',
        netWorth: 1,
        revenue: 1,
        ein: piiSentinels().businessEin,
        businessType: 'c-corporation',
        line1: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      };
      return [(await ctx.send(ctx.owner, { method: 'POST', url: '/api/v1/business', payload }))._id];
    },
  },
  {
    prefix: '/api/v1/business/:id/owner/:ownerId',
    create: async (ctx) => {
      const [business] = await ctx.of('/api/v1/business/:id');
      const payload = { email: `owner-${newId()}@example.com`, firstname: 'Bo', lastname: 'Owner', title: 'CEO', equity: 10 };
      const owner = await ctx.send(ctx.owner, { method: 'POST', url: `/api/v1/business/${business}/owner`, payload });
      return [business!, owner._id];
    },
  },
  {
    prefix: '/api/v1/document/:id',
    create: async (ctx) => {
      const res = await uploadDocument(ctx.t.app, ctx.owner);
      expect(res.statusCode, res.body).toBe(201);
      return [(res.json() as { data: { _id: string } }).data._id];
    },
  },
  {
    prefix: '/api/v1/document/:id/access/:accessId',
    create: async (ctx) => {
      const [document] = await ctx.of('/api/v1/document/:id');
      const grant = await ctx.send(ctx.owner, {
        method: 'POST',
        url: `/api/v1/document/${document}/access`,
        payload: { subjectEmail: `grantee-${newId()}@example.com`, role: 'viewer' },
      });
      return [document!, grant._id];
    },
  },
  {
    prefix: '/api/v1/gov-photo-id/:id',
    create: async (ctx) => {
      const documentId = async (name: string) => {
        const res = await uploadDocument(ctx.t.app, ctx.owner, { name, data: PNG, fields: { type: 'GOVERNMENT_ID' } });
        expect(res.statusCode, res.body).toBe(201);
        return (res.json() as { data: { _id: string } }).data._id;
      };
      const payload = {
        type: 'passport',
        number: piiSentinels().idNumber,
        expirationDate: '2031-05-01',
        issuingCountry: 'US',
        issuingState: 'NY',
        issuingDate: '2021-05-01',
        issuingAuthority: 'U.S. Department of State',
        documentFrontId: await documentId('front.png'),
        documentBackId: await documentId('back.png'),
      };
      return [(await ctx.send(ctx.owner, { method: 'POST', url: '/api/v1/gov-photo-id', payload }))._id];
    },
  },
  { prefix: '/api/v1/image/:id', create: async (ctx) => [(await ctx.send(ctx.owner, upload('/api/v1/image', 'POST')))._id] },
  {
    prefix: '/api/v1/application/:id',
    create: async (ctx) => {
      const [row] = await ctx.t.app.db
        .insert(applications)
        .values({ id: newId(), tenantId: acmeOf(ctx), userId: ctx.owner.user._id })
        .returning();
      return [row!.id];
    },
  },
  {
    // Evidence the applicant (tenant A's owner, whose application the factory above created) uploaded to it.
    prefix: '/api/v1/application/:id/documents/:documentId',
    create: async (ctx) => {
      const [id] = await ctx.of('/api/v1/application/:id');
      const document = await ctx.send(
        ctx.owner,
        upload(`/api/v1/application/${id}/documents`, 'POST', { questionKey: 'individualIncomeEvalUpload' }),
      );
      return [id!, document._id];
    },
  },
  {
    prefix: '/api/v1/application/:id/evaluator/:requestId',
    create: async (ctx) => {
      const [applicationId] = await ctx.of('/api/v1/application/:id');
      const link = await insertEvaluatorLink(ctx.t.app, {
        tenantId: acmeOf(ctx),
        applicationId: applicationId!,
        createdBy: ctx.owner.user._id,
      });
      return [applicationId!, link.id];
    },
  },
];

/** Tenant A's owner and a platform admin, signed up, with factories that create each entity once, on first use. */
export async function isolationContext(t: TestApp): Promise<IsolationContext> {
  const created = new Map<string, Promise<string[]>>();
  const ctx: IsolationContext = {
    t,
    owner: await signUp(t.app, 'acme', { role: 'owner' }),
    admin: await signUp(t.app, 'acme', { admin: true }),
    of(prefix) {
      const factory = ENTITY_FACTORIES.find((f) => f.prefix === prefix);
      if (!factory) throw new Error(`No factory for ${prefix}`);
      if (!created.has(prefix)) created.set(prefix, factory.create(ctx));
      return created.get(prefix)!;
    },
    async send(who, request) {
      const res = await t.app.inject({ ...request, headers: { ...request.headers, host: who.host, ...bearer(who.token) } });
      expect([200, 201], `${request.method} ${request.url}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      return (res.json() as { data: never }).data;
    },
  };
  return ctx;
}

const normalise = (url: string) => url.replace(/:\w+/g, ':');

/** The path parameters that name an entity (an enumerated one, like a media type, does not). */
export function entityParams(route: RouteEntry): string[] {
  return paramNames(route.url).filter((name) => !isEnumParam(route, name));
}

/** The factory with the longest prefix of the route that takes in every entity parameter of it. */
export function factoryFor(route: RouteEntry): EntityFactory | undefined {
  const url = normalise(route.url);
  const params = paramNames(route.url);
  const last = params.lastIndexOf(entityParams(route).at(-1)!);
  // A factory fills the route's parameters by position: each must be an entity id, and it must reach the last one.
  const fits = (f: EntityFactory) =>
    paramNames(f.prefix).length > last && paramNames(f.prefix).every((_, i) => !isEnumParam(route, params[i]!));
  return ENTITY_FACTORIES.filter((f) => (url === normalise(f.prefix) || url.startsWith(`${normalise(f.prefix)}/`)) && fits(f)).sort(
    (a, b) => b.prefix.length - a.prefix.length,
  )[0];
}

/**
 * Each route's path parameters filled with tenant A's real entities, where a factory covers them. All are created
 * before any route is called: a call may change or remove what a factory builds on.
 */
export async function entityValues(ctx: IsolationContext, routes: readonly RouteEntry[]): Promise<Map<RouteEntry, Record<string, string>>> {
  const given = new Map<RouteEntry, Record<string, string>>();
  for (const route of routes) {
    const factory = entityParams(route).length ? factoryFor(route) : undefined;
    const values = factory ? await ctx.of(factory.prefix) : [];
    const names = paramNames(route.url);
    given.set(route, Object.fromEntries(values.map((value, i) => [names[i]!, value])));
  }
  return given;
}

export type Caller = 'owner' | 'admin' | 'anonymous';

const OWNER: Member = { role: 'owner', attributes: DEFAULT_ATTRIBUTES.owner };

/** The caller a route admits: no one for public routes, else tenant A's owner, else the platform admin. */
export function admittedCaller(route: RouteEntry): Caller {
  if (!route.access || route.access === 'public') return 'anonymous';
  return passes(route.access, OWNER) ? 'owner' : 'admin';
}

export function callerHeaders(ctx: IsolationContext, caller: Caller): Record<string, string> {
  if (caller === 'anonymous') return { host: hostOf('acme') };
  return { host: ctx[caller].host, ...bearer(ctx[caller].token) };
}

/**
 * A route that succeeded may have ended its caller's session (a password change, a sign-out): take up the new
 * token it answered with, else sign the same user in again, else sign a new one up.
 */
export async function keepSignedIn(
  ctx: IsolationContext,
  caller: Caller,
  answer: { headers: Record<string, unknown>; json(): unknown },
): Promise<void> {
  const json = String(answer.headers['content-type']).startsWith('application/json') ? answer.json() : null;
  const token = (json as { data?: { token?: unknown } } | null)?.data?.token;
  if (caller !== 'anonymous' && typeof token === 'string') ctx[caller] = { ...ctx[caller], token };
  for (const key of ['owner', 'admin'] as const) {
    const who = ctx[key];
    const mine = await ctx.t.app.inject({ method: 'GET', url: '/api/v1/tenant/mine', headers: callerHeaders(ctx, key) });
    if (mine.statusCode === 200) continue;
    const signin = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { host: who.host },
      payload: { email: who.email, password: who.password },
    });
    if (signin.statusCode === 200) ctx[key] = { ...who, token: (signin.json() as { data: { token: string } }).data.token };
    else ctx[key] = await signUp(ctx.t.app, 'acme', key === 'owner' ? { role: 'owner' } : { admin: true });
  }
}
