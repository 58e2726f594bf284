import {
  dataOf,
  institutionOfferListQuery,
  listOf,
  objectId,
  offer,
  offerApprovalBody,
  offerConfigBody,
  offerCreateBody,
  offerCtaBody,
  offerDashboard,
  offerDeleted,
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
  RAISE_MODE_REFUSED,
  REQUIRED_OFFER_DOCUMENTS,
  slugAvailabilityResult,
  timelineEvent,
  timelineQuery,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { describe, errorResponses, tenantParams } from '../../lib/route-schema.ts';
import { requireAuth, requireInstitutionReader, type AuthContext } from '../../lib/auth-context.ts';
import * as offers from './offers.service.ts';

const tags = ['Tenant offer'];
const access: Access = 'signed-in';
const params = tenantParams.extend({ id: objectId });
const errors = errorResponses(400, 401, 403, 404);
const scope = '`{t}` is the id or slug of the tenant of the address; any other is 404, as is an offer of another tenant.';
const gp = `Raise mode users only: the tenant's owners and platform admins work on every offer of the tenant; members with the institution:manage flag on the offers of the institutions whose team they are on (any other offer is 404 to them; the team's viewers may read but every change is 403). Everyone else gets 403 '${RAISE_MODE_REFUSED}'.`;
const ownersOnly = "Only the tenant's owners (and platform admins): a GP gets 403.";
const offerData = dataOf(offer);

export async function offersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: offers.OfferDeps = { db: app.db, clock: app.clock };
  const byKey = "An institution's private API key may call it too, for that institution's offers only (any other offer is 404 to it).";
  const put = <S extends z.ZodType>(
    path: string,
    summary: string,
    text: string,
    body: S,
    run: (auth: AuthContext, id: string, body: z.output<S>) => Promise<z.output<typeof offer>>,
  ) =>
    r.put(
      `/tenant/:t/offers/:id/${path}`,
      {
        schema: {
          tags,
          summary,
          description: describe(`${text} Answers with the offer. ${gp} ${scope}`, access),
          params,
          body,
          response: { 200: offerData, ...errors },
        },
        config: { access, tenantParam: 't' },
      },
      async (request) => ({ data: await run(requireAuth(request), request.params.id, request.body as z.output<S>) }),
    );

  r.get(
    '/tenant/:t/offers',
    {
      schema: {
        tags,
        summary: "A tenant's offers",
        description: describe(
          `Searched over name and slug (case-insensitive), filtered by type, derived listing status (open, closed, upcoming, none — from the open and close dates against now), approval status and institution, sorted and paginated (newest first by default). Each row carries its institution's name and logo, the hero image and the card metrics (lowest minimum investment, highest target IRR across the classes). ${gp} ${byKey} ${scope}`,
          access,
        ),
        params: tenantParams,
        querystring: offerListQuery,
        response: { 200: listOf(offerSummary), ...errors },
      },
      config: { access, institutionKeys: true, tenantParam: 't' },
    },
    async (request) => offers.listOffers(deps, requireInstitutionReader(request), request.query),
  );

  r.get(
    '/tenant/:t/offers/slug-available',
    {
      schema: {
        tags,
        summary: 'Is an offer slug free?',
        description: describe(
          `Whether no other offer of the tenant uses the slug, ignoring case; \`except\` leaves out the offer being edited. ${gp} ${scope}`,
          access,
        ),
        params: tenantParams,
        querystring: offerSlugAvailabilityQuery,
        response: { 200: dataOf(slugAvailabilityResult), ...errors },
      },
      config: { access, tenantParam: 't' },
    },
    async (request) => ({ data: await offers.slugAvailable(deps, requireAuth(request), request.query.slug, request.query.except) }),
  );

  r.post(
    '/tenant/:t/offers',
    {
      schema: {
        tags,
        summary: 'Create an offer',
        description: describe(
          `Name, slug (unique in the tenant, ignoring case: a taken slug is 409) and the institution issuing it, which must be one you work on (404 otherwise). The offer starts pending approval, unpublished and hidden from the marketplace. ${gp} ${scope}`,
          access,
        ),
        params: tenantParams,
        body: offerCreateBody,
        response: { 200: offerData, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access, tenantParam: 't' },
    },
    async (request) => ({ data: await offers.createOffer(deps, requireAuth(request), request.body) }),
  );

  r.get(
    '/tenant/:t/offers/:id',
    {
      schema: {
        tags,
        summary: 'An offer',
        description: describe(
          `Everything the offer pages edit, with the derived listing status and who approved, published and changed its visibility. ${gp} ${byKey} ${scope}`,
          access,
        ),
        params,
        response: { 200: offerData, ...errors },
      },
      config: { access, institutionKeys: true, tenantParam: 't' },
    },
    async (request) => ({ data: await offers.getOffer(deps, requireInstitutionReader(request), request.params.id) }),
  );

  r.delete(
    '/tenant/:t/offers/:id',
    {
      schema: {
        tags,
        summary: 'Delete an offer',
        description: describe(`Deletes the offer for good; its documents stay (they can then be deleted). ${gp} ${scope}`, access),
        params,
        response: { 200: dataOf(offerDeleted), ...errors },
      },
      config: { access, tenantParam: 't' },
    },
    async (request) => ({ data: await offers.deleteOffer(deps, requireAuth(request), request.params.id) }),
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
    'The whole image list: each `image` is an id from POST image of this tenant (400 otherwise); the server fills `url`.',
    offerImagesBody,
    (auth, id, body) => offers.updateImages(deps, auth, id, body),
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
    `approved, pending (unapprove) or rejected; setting the status the offer already has is 400. Records who and when. ${ownersOnly}`,
    offerApprovalBody,
    (auth, id, body) => offers.updateApproval(deps, auth, id, body.approvalStatus),
  );
  put('config', 'Update the configuration', 'The e-signature template id (nullable).', offerConfigBody, (auth, id, body) =>
    offers.updateConfig(deps, auth, id, body.esignTemplateId),
  );
  put(
    'marketplace-config',
    'Show or hide on the marketplace',
    `visible or hidden; setting the visibility the offer already has is 400. Records who and when. ${ownersOnly}`,
    offerMarketplaceConfigBody,
    (auth, id, body) => offers.updateMarketplaceConfig(deps, auth, id, body.visibilityStatus),
  );

  r.get(
    '/tenant/:t/offers/:id/events',
    {
      schema: {
        tags,
        summary: "An offer's history",
        description: describe(`Timeline events of the offer, searchable, sortable, paginated. ${gp} ${scope}`, access),
        params,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent), ...errors },
      },
      config: { access, tenantParam: 't' },
    },
    async (request) => offers.listOfferEvents(deps, requireAuth(request), request.params.id, request.query),
  );

  r.get(
    '/tenant/:t/offers/:id/documents',
    {
      schema: {
        tags,
        summary: "An offer's documents",
        description: describe(
          `The listed documents with their names and file facts, by position, hidden ones included. ${gp} ${scope}`,
          access,
        ),
        params,
        response: { 200: dataOf(z.array(offerDocument)), ...errors },
      },
      config: { access, tenantParam: 't' },
    },
    async (request) => ({ data: await offers.listOfferDocuments(deps, requireAuth(request), request.params.id) }),
  );

  r.get(
    '/tenant/:t/offers/:id/dashboard',
    {
      schema: {
        tags,
        summary: "An offer's analytics",
        description: describe(
          `Counts of the analytics events naming the offer since it was created: impressions, distinct visitors, interactions and all events (zero until the marketplace pages send them). ${gp} ${scope}`,
          access,
        ),
        params,
        response: { 200: dataOf(offerDashboard), ...errors },
      },
      config: { access, tenantParam: 't' },
    },
    async (request) => ({ data: await offers.getOfferDashboard(deps, requireAuth(request), request.params.id) }),
  );

  r.get(
    '/tenant/:t/institutions/:id/offers',
    {
      schema: {
        tags: ['Tenant institution'],
        summary: "An institution's offers",
        description: describe(
          `The offer list of one institution (the same search, filters, sorting and pagination as GET tenant/{t}/offers). The institution must be one you work on (404 otherwise). ${gp} The institution's own private API key may call it too. ${scope}`,
          access,
        ),
        params,
        querystring: institutionOfferListQuery,
        response: { 200: listOf(offerSummary), ...errors },
      },
      config: { access, institutionKeys: true, tenantParam: 't' },
    },
    async (request) => offers.listInstitutionOffers(deps, requireInstitutionReader(request), request.params.id, request.query),
  );
}
