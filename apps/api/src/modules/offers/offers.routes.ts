import {
  dataOf,
  institutionOfferListQuery,
  listOf,
  offer,
  offerApprovalBody,
  offerConfigBody,
  offerCreateBody,
  offerCtaBody,
  dashboardWindowQuery,
  offerDashboard,
  offerDetailsBody,
  offerDocument,
  offerDocumentsBody,
  offerFinancialsBody,
  offerImagesBody,
  offerListQuery,
  offerMarketplaceConfigBody,
  offerPublishingBody,
  offerSlugAvailabilityQuery,
  offerStatusBody,
  offerSummary,
  offerVideosBody,
  pageQuery,
  REQUIRED_OFFER_DOCUMENTS,
  slugAvailabilityResult,
  timelineEvent,
  timelineQuery,
  IMAGE_WIDTHS,
} from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { created, errorResponses, idParams, noContent, tenantParams } from '../../lib/route-schema.ts';
import { OWNERS_ONLY_NOTE, RAISE_MODE_NOTE } from '../institutions/index.ts';
import { requireAnyCaller, requireAuth, type AuthContext } from '../../lib/auth-context.ts';
import * as offers from './offers.service.ts';
import { prepareImageCopies, signImageUrlsInAnswers } from '../images/index.ts';

const tags = ['Tenant offer'];
const access: Access = 'signed-in';
const params = tenantParams.extend(idParams('offer').shape);
const errors = errorResponses(400, 401, 403, 404);
const scope = '`{t}` is the id or slug of the tenant of the address; any other is 404, as is an offer of another tenant.';
const gp =
  "The tenant's owners and platform admins work on every offer of the tenant; members with the institution:manage flag on the offers of the institutions whose team they are on (any other offer is 404 to them; the team's viewers may read but every change is 403).";
/** What the offer routes' handlers enforce beyond `access` (institution-access.ts): Raise mode, then the offer's institution. */
const raise = { access, accessNote: RAISE_MODE_NOTE, tenantParam: 't' } as const;
const offerData = dataOf(offer).describe('The offer');
/** `updateOfferDetails` from 'details', `updateOfferMarketplaceConfig` from 'marketplace-config'. */
const updateId = (path: string) => `updateOffer${path.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase())}`;

export async function offersRoutes(app: FastifyInstance) {
  // Logos and images are shown in <img>, which cannot send the bearer token (issue #17).
  signImageUrlsInAnswers(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: offers.OfferDeps = { db: app.db, clock: app.clock };
  const put = <S extends z.ZodType>(
    path: string,
    summary: string,
    text: string,
    body: S,
    run: (auth: AuthContext, id: string, body: z.output<S>, request: FastifyRequest) => Promise<z.output<typeof offer>>,
    config: { access: Access; accessNote: string; tenantParam: 't' } = raise,
  ) =>
    r.put(
      `/tenant/:t/offers/:id/${path}`,
      {
        schema: {
          operationId: updateId(path),
          tags,
          summary,
          description: `${text} Answers with the offer. ${gp} ${scope}`,
          params,
          body,
          response: { 200: offerData, ...errors },
        },
        config,
      },
      async (request) => ({ data: await run(requireAuth(request), request.params.id, request.body as z.output<S>, request) }),
    );

  r.get(
    '/tenant/:t/offers',
    {
      schema: {
        operationId: 'listOffers',
        tags,
        summary: "A tenant's offers",
        description: `Searched over name and slug (case-insensitive), filtered by type, derived listing status (open, closed, upcoming, none — from the open and close dates against now), approval status and institution, sorted and paginated (newest first by default). Each row carries its institution's name and logo, the hero image and the card metrics (lowest minimum investment, highest target IRR across the classes). ${gp} ${scope}`,
        params: tenantParams,
        querystring: offerListQuery,
        response: { 200: listOf(offerSummary).describe('A page of offers'), ...errors },
      },
      config: { ...raise, apiKeys: true, institutionKeys: true, keyResource: 'offers' },
    },
    async (request) => offers.listOffers(deps, requireAnyCaller(request), request.query),
  );

  r.get(
    '/tenant/:t/offers/slug-available',
    {
      schema: {
        operationId: 'checkOfferSlug',
        tags,
        summary: 'Is an offer slug free?',
        description: `Whether no other offer of the tenant uses the slug, ignoring case; \`except\` leaves out the offer being edited. ${scope}`,
        params: tenantParams,
        querystring: offerSlugAvailabilityQuery,
        response: { 200: dataOf(slugAvailabilityResult).describe('Whether the slug is free'), ...errors },
      },
      config: raise,
    },
    async (request) => ({ data: await offers.slugAvailable(deps, requireAuth(request), request.query.slug, request.query.except) }),
  );

  r.post(
    '/tenant/:t/offers',
    {
      schema: {
        operationId: 'createOffer',
        tags,
        summary: 'Create an offer',
        description: `Name, slug (unique in the tenant, ignoring case: a taken slug is 409) and the institution issuing it, which must be one you work on (404 otherwise). The offer starts pending approval, unpublished and hidden from the marketplace. Answers 201 with the offer and its path in \`Location\`. ${gp} ${scope}`,
        params: tenantParams,
        body: offerCreateBody,
        response: { 201: dataOf(offer).describe('The new offer'), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: raise,
    },
    async (request, reply) => {
      const made = await offers.createOffer(deps, requireAuth(request), request.body);
      return created(reply, `/tenant/${request.params.t}/offers/${made._id}`, made);
    },
  );

  r.get(
    '/tenant/:t/offers/:id',
    {
      schema: {
        operationId: 'getOffer',
        tags,
        summary: 'An offer',
        description: `Everything the offer pages edit, with the derived listing status and who approved, published and changed its visibility. ${gp} ${scope}`,
        params,
        response: { 200: offerData, ...errors },
      },
      config: { ...raise, apiKeys: true, institutionKeys: true, keyResource: 'offers' },
    },
    async (request) => ({ data: await offers.getOffer(deps, requireAnyCaller(request), request.params.id) }),
  );

  r.delete(
    '/tenant/:t/offers/:id',
    {
      schema: {
        operationId: 'deleteOffer',
        tags,
        summary: 'Delete an offer',
        description: `Deletes the offer for good; its documents stay (they can then be deleted). ${gp} ${scope}`,
        params,
        response: { ...noContent, ...errors },
      },
      config: raise,
    },
    async (request, reply) => {
      await offers.deleteOffer(deps, requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  put(
    'details',
    'Update the details',
    'Name, slug (unique in the tenant, ignoring case: 409 when taken), type, asset class (required), equity type, description (rich text: stored only after sanitising — scripts, event handlers, styles, iframes and non-http(s) links are removed), short description and securities exemptions.',
    offerDetailsBody,
    (auth, id, body) => offers.updateDetails(deps, auth, id, body),
  );
  put(
    'financials',
    'Update the financials',
    'The classes (name and minimum investment required), custom metrics and the capital raise minimum, maximum and total.',
    offerFinancialsBody,
    (auth, id, body) => offers.updateFinancials(deps, auth, id, body),
  );
  put(
    'cta',
    'Update the calls to action',
    'The primary and secondary CTA (label and http(s) URL), each nullable.',
    offerCtaBody,
    (auth, id, body) => offers.updateCta(deps, auth, id, body),
  );
  put(
    'images',
    'Update the images',
    'The whole image list: each `image` is an id from POST image of this tenant (400 otherwise); the server fills `url`. Once it has answered, it makes the narrower copies (`?w=`) of the shown images that the marketplace lists, so their first visitors do not wait for them.',
    offerImagesBody,
    async (auth, id, body, request) => {
      const answer = await offers.updateImages(deps, auth, id, body);
      // The copies the marketplace's srcset lists, made now rather than on its first visitors' asks.
      const shown = answer.images.filter((item) => !item.hidden).map((item) => ({ image: item.image, widths: IMAGE_WIDTHS }));
      app.afterReply(request, () => prepareImageCopies({ db: app.db, storage: app.storage, log: request.log }, auth.tenantId, shown));
      return answer;
    },
  );
  put('videos', 'Update the videos', 'The whole video list (http(s) URLs).', offerVideosBody, (auth, id, body) =>
    offers.updateVideos(deps, auth, id, body),
  );
  put(
    'documents',
    'Update the documents',
    `The whole document list: each \`document\` is a document of this tenant uploaded with entityType OFFER (POST document), with its type (${REQUIRED_OFFER_DOCUMENTS.join(', ')} or other), position and hidden flag; a document new to the offer must be one you uploaded or were shared (owners may list any). Listing a document makes the offer's institution its owner: everyone who works on the institution may read, change and delete it.`,
    offerDocumentsBody,
    (auth, id, body) => offers.updateDocuments(deps, auth, id, body),
  );
  put(
    'status',
    'Update the dates',
    'The open and close dates (ISO date-times, nullable; the close date after the open date). The listing status derives from them.',
    offerStatusBody,
    (auth, id, body) => offers.updateStatus(deps, auth, id, body),
  );
  put(
    'publishing',
    'Publish or unpublish',
    `Publishing needs the approval and the four required documents (${REQUIRED_OFFER_DOCUMENTS.join(', ')}); otherwise 400 naming what is missing. Publishing an offer already published (or unpublishing one that is not) is 400. Records who changed it and when.`,
    offerPublishingBody,
    (auth, id, body) => offers.updatePublishing(deps, auth, id, body.published),
  );
  put(
    'approval',
    'Approve, unapprove or reject',
    'approved, pending (unapprove) or rejected; setting the status the offer already has is 400. Records who and when.',
    offerApprovalBody,
    (auth, id, body) => offers.updateApproval(deps, auth, id, body.approvalStatus),
    { ...raise, accessNote: OWNERS_ONLY_NOTE },
  );
  put('config', 'Update the configuration', 'The e-signature template id (nullable).', offerConfigBody, (auth, id, body) =>
    offers.updateConfig(deps, auth, id, body.esignTemplateId),
  );
  put(
    'marketplace-config',
    'Show or hide on the marketplace',
    'visible or hidden; setting the visibility the offer already has is 400. Records who and when.',
    offerMarketplaceConfigBody,
    (auth, id, body) => offers.updateMarketplaceConfig(deps, auth, id, body.visibilityStatus),
    { ...raise, accessNote: OWNERS_ONLY_NOTE },
  );

  r.get(
    '/tenant/:t/offers/:id/events',
    {
      schema: {
        operationId: 'listOfferEvents',
        tags,
        summary: "An offer's history",
        description: `Timeline events of the offer, searchable, sortable, paginated. ${gp} ${scope}`,
        params,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent).describe("A page of the offer's events"), ...errors },
      },
      config: raise,
    },
    async (request) => offers.listOfferEvents(deps, requireAuth(request), request.params.id, request.query),
  );

  r.get(
    '/tenant/:t/offers/:id/documents',
    {
      schema: {
        operationId: 'listOfferDocuments',
        tags,
        summary: "An offer's documents",
        description: `The listed documents with their names and file facts, by position, hidden ones included, paginated. ${gp} ${scope}`,
        params,
        querystring: pageQuery,
        response: { 200: listOf(offerDocument).describe("A page of the offer's documents"), ...errors },
      },
      config: raise,
    },
    async (request) => offers.listOfferDocuments(deps, requireAuth(request), request.params.id, request.query),
  );

  r.get(
    '/tenant/:t/offers/:id/dashboard',
    {
      schema: {
        operationId: 'getOfferDashboard',
        tags,
        summary: "An offer's analytics",
        description: `The offer's analytics from the hourly/daily/monthly rollups: all-time totals, and one point per bucket of the window \`start\`–\`end\` in buckets of \`scale\` (all three, or none for the last month by day; at most 1100 buckets) with the window's totals — impressions, unique visitors (counted once across buckets), page views, document views and downloads, CTA clicks. ${gp} ${scope}`,
        params,
        querystring: dashboardWindowQuery,
        response: { 200: dataOf(offerDashboard).describe("The offer's analytics counts"), ...errors },
      },
      config: raise,
    },
    async (request) => ({ data: await offers.getOfferDashboard(deps, requireAuth(request), request.params.id, request.query) }),
  );

  r.get(
    '/tenant/:t/institutions/:id/offers',
    {
      schema: {
        operationId: 'listInstitutionOffers',
        tags: ['Tenant institution'],
        summary: "An institution's offers",
        description: `The offer list of one institution (the same search, filters, sorting and pagination as GET tenant/{t}/offers). The institution must be one you work on (404 otherwise). ${gp} ${scope}`,
        params: tenantParams.extend(idParams('institution').shape),
        querystring: institutionOfferListQuery,
        response: { 200: listOf(offerSummary).describe("A page of the institution's offers"), ...errors },
      },
      config: { ...raise, apiKeys: true, institutionKeys: true, keyResource: 'offers' },
    },
    async (request) => offers.listInstitutionOffers(deps, requireAnyCaller(request), request.params.id, request.query),
  );
}
