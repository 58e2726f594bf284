import {
  dataOf,
  imageWidthQuery,
  listOf,
  marketplaceDocumentFile,
  marketplaceInstitution,
  marketplaceInstitutionListQuery,
  marketplaceInstitutionSummary,
  marketplaceOffer,
  marketplaceOfferCard,
  marketplaceOfferListQuery,
  marketplaceSettings,
  marketplaceSettingsView,
  objectId,
  offerIdOrSlug,
  pageQuery,
} from '@tessera/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { binaryResponse, errorResponses, IMAGE_MEDIA_TYPES, notModified, tenantParams } from '../../lib/route-schema.ts';
import { ALLOWED_UPLOADS, contentDisposition } from '../../lib/uploads.ts';
import { publicKeyPreflight } from '../../lib/api-key-cors.ts';
import { requireCaller } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { sendImage } from '../../lib/image-reply.ts';
import { imageAtWidth } from '../../lib/image-variants/image-variants.ts';
import * as marketplace from './marketplace.service.ts';

const tags = ['Marketplace'];
/** The marketplace is the tenant's shop window: open to signed-out visitors (001 §6). */
const access: Access = 'public';
/** Also a public API key of the tenant (tpk_live_…), for a sponsor's site embedding offers; see publicKeyPreflight. */
const publicRead = { access, keyResource: 'marketplace', tenantParam: 't' } as const;
/** JSON answers the same for every signed-out visitor: kept in the public cache, with an ETag (plugins/public-cache.ts, #25). */
const publicJson = { ...publicRead, publicCache: true } as const;
const owners: Access = { roles: ['owner'] };
const offerRef = offerIdOrSlug.describe("The offer's id or slug (ignoring case)");
const institutionRef = offerIdOrSlug.describe("The institution's id or slug (ignoring case)");
const offerParams = tenantParams.extend({ idOrSlug: offerRef });
const documentParams = tenantParams.extend({ id: offerRef, docId: objectId.describe("The document's id (24 hexadecimal characters)") });
const publicErrors = errorResponses(400, 404);
/** The answers of the public cache: 304 for a browser that holds the current ETag. */
const cachedErrors = { ...notModified, ...publicErrors };
const listed =
  'Only offers that the provider approved, the institution published and the tenant made visible are served; any other, and any offer of another tenant, is 404.';
const scope = '`{t}` is the id or slug of the tenant of the address; any other is 404.';
const cachedNote =
  'The answer is the same for visitors and members, and comes from a cache kept per tenant until something it shows changes (at most a minute, for the dates), with an `ETag`: send it back in `If-None-Match` for a 304 without a body. A request with an API key is answered fresh.';
const filters =
  'Filters (comma-separated values, 001 §2 and §5): `search` (more than 2 characters; offer name, short description or institution name, ignoring case), ' +
  '`institution` ids, `type`, `assetClass`, `status` (upcoming, open, closed, from the dates). The ranges `investmentMin`/`investmentMax`, `irrMin`/`irrMax` ' +
  '(percent) and `equityMultipleMin`/`equityMultipleMax` apply to the first class of each offer; 0 means no bound, and an offer without classes fails any other bound. ' +
  'Sorts: newest (default), name, targetIrr (highest first), minimumInvestment (lowest first), openDate (soonest first). ' +
  'Card metrics are over all classes: the lowest minimum investment, the highest IRR, the average of the set equity multiples, the shortest holding period.';

export async function marketplaceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: marketplace.MarketplaceDeps = { db: app.db, clock: app.clock, storage: app.storage };

  r.get(
    '/tenant/:t/marketplace/offers',
    {
      schema: {
        operationId: 'listMarketplaceOffers',
        tags,
        summary: 'The marketplace: listed offers as cards',
        description: `The tenant's listed offers, paginated. ${filters} ${listed} ${scope} ${cachedNote}`,
        params: tenantParams,
        querystring: marketplaceOfferListQuery,
        response: { 200: listOf(marketplaceOfferCard).describe('A page of offer cards'), ...cachedErrors },
      },
      config: publicJson,
    },
    async (request) => marketplace.listMarketplaceOffers(deps, requireTenant(request).id, request.query),
  );

  r.get(
    '/tenant/:t/marketplace/offers/:idOrSlug',
    {
      schema: {
        operationId: 'getMarketplaceOffer',
        tags,
        summary: 'An offer on the marketplace',
        description: `By id or slug (ignoring case). The investor's view: description, institution, visible images (\`src\` is the public address), banner, videos, custom metrics and documents (hidden ones are left out), classes, dates with the derived listing status, and the calls to action. ${listed} ${scope} ${cachedNote}`,
        params: offerParams,
        response: { 200: dataOf(marketplaceOffer).describe('The offer as investors see it'), ...cachedErrors },
      },
      config: publicJson,
    },
    async (request) => ({ data: await marketplace.getMarketplaceOffer(deps, requireTenant(request).id, request.params.idOrSlug) }),
  );

  r.get(
    '/tenant/:t/marketplace/offers/:id/documents',
    {
      schema: {
        operationId: 'listMarketplaceOfferDocuments',
        tags,
        summary: "A marketplace offer's documents",
        description: `The offer's visible documents (by id or slug of the offer), by position, each with the address to view it (\`url\`) and to download it (\`downloadUrl\`). ${listed} ${scope} ${cachedNote}`,
        params: tenantParams.extend({ id: offerRef }),
        querystring: pageQuery,
        response: { 200: listOf(marketplaceDocumentFile).describe("A page of the offer's documents"), ...cachedErrors },
      },
      config: publicJson,
    },
    async (request) => marketplace.listOfferDocuments(deps, requireTenant(request).id, request.params.id, request.query),
  );

  r.get(
    '/tenant/:t/marketplace/offers/:id/documents/:docId',
    {
      schema: {
        operationId: 'getMarketplaceOfferDocument',
        tags,
        summary: 'A document of a marketplace offer',
        description: `Its name, file name, type, size and addresses. A hidden document, or one the offer does not list, is 404. ${listed} ${scope} ${cachedNote}`,
        params: documentParams,
        response: { 200: dataOf(marketplaceDocumentFile).describe('The document'), ...cachedErrors },
      },
      config: publicJson,
    },
    async (request) => ({
      data: await marketplace.getOfferDocument(deps, requireTenant(request).id, request.params.id, request.params.docId),
    }),
  );

  r.get(
    '/tenant/:t/marketplace/offers/:id/documents/:docId/file',
    {
      schema: {
        operationId: 'downloadMarketplaceOfferDocument',
        tags,
        summary: 'The bytes of a marketplace offer document',
        description: `Inline, or as an attachment under its original file name with \`?download=true\`. A hidden document, or one the offer does not list, is 404. ${listed} ${scope}`,
        params: documentParams,
        querystring: z.object({
          download: z.enum(['true', 'false']).optional().describe('true: as an attachment under its original file name; else inline'),
        }),
        response: { 200: binaryResponse(Object.keys(ALLOWED_UPLOADS), 'The file, of the type it was uploaded as'), ...publicErrors },
      },
      config: publicRead,
    },
    async (request, reply) => {
      const { row, stream, size } = await marketplace.openOfferDocument(
        deps,
        requireTenant(request).id,
        request.params.id,
        request.params.docId,
      );
      // The declared 200 is bytes (binaryResponse), which the type provider reads as a string: a stream is what is sent.
      return (
        (reply as FastifyReply)
          .header('Content-Type', row.mimeType)
          .header('Content-Length', size)
          .header('Content-Disposition', contentDisposition(row.originalName, request.query.download !== 'true'))
          .header('X-Content-Type-Options', 'nosniff')
          // Short: hiding the document or the offer should take effect soon.
          .header('Cache-Control', 'public, max-age=300')
          .send(stream)
      );
    },
  );

  r.get(
    '/tenant/:t/marketplace/images/:imageId',
    {
      schema: {
        operationId: 'getMarketplaceImage',
        tags,
        summary: 'A marketplace image',
        description: `The image bytes, served only while the image is a visible item of a listed offer or of an institution of the tenant; else 404. With \`w\`, the image that many pixels wide as WebP (for \`srcset\`). ${scope}`,
        params: tenantParams.extend({ imageId: objectId.describe("The image's id (24 hexadecimal characters)") }),
        querystring: imageWidthQuery,
        response: { 200: binaryResponse(IMAGE_MEDIA_TYPES, 'The image bytes, of the type their content is'), ...publicErrors },
      },
      config: publicRead,
    },
    async (request, reply) => {
      const { row, ...file } = await marketplace.openPublicImage(deps, requireTenant(request).id, request.params.imageId);
      const sized = await imageAtWidth({ storage: app.storage, log: request.log }, row, file, request.query.w);
      // The bytes never change under an id; the hour bounds how long a hidden image stays in caches.
      return sendImage(reply, sized, 'public, max-age=3600, immutable');
    },
  );

  r.get(
    '/tenant/:t/marketplace/institutions',
    {
      schema: {
        operationId: 'listMarketplaceInstitutions',
        tags,
        summary: 'The institutions of the marketplace',
        description: `Every institution of the tenant with its listed offers counted, most offers first, then by name; \`search\` (more than 2 characters) matches the name. Paginated (limit up to 100). ${scope} ${cachedNote}`,
        params: tenantParams,
        querystring: marketplaceInstitutionListQuery,
        response: { 200: listOf(marketplaceInstitutionSummary).describe('A page of institutions'), ...cachedErrors },
      },
      config: publicJson,
    },
    async (request) => marketplace.listMarketplaceInstitutions(deps, requireTenant(request).id, request.query),
  );

  r.get(
    '/tenant/:t/marketplace/institutions/:idOrSlug',
    {
      schema: {
        operationId: 'getMarketplaceInstitution',
        tags,
        summary: 'An institution on the marketplace',
        description: `By id or slug (ignoring case): description, visible images (\`src\` is the public address), visible videos, visible custom metrics by position, listed offers counted, and the team (name, e-mail; \`imageUrl\` is null, as member photos are for signed-in members). An institution of another tenant is 404. ${scope} ${cachedNote}`,
        params: tenantParams.extend({ idOrSlug: institutionRef }),
        response: { 200: dataOf(marketplaceInstitution).describe('The institution as investors see it'), ...cachedErrors },
      },
      config: publicJson,
    },
    async (request) => ({ data: await marketplace.getMarketplaceInstitution(deps, requireTenant(request).id, request.params.idOrSlug) }),
  );

  r.get(
    '/tenant/:t/marketplace/institutions/:id/offers',
    {
      schema: {
        operationId: 'listMarketplaceInstitutionOffers',
        tags,
        summary: "An institution's offers on the marketplace",
        description: `As GET marketplace offers, kept to the institution (by id or slug), with the same query. ${filters} ${listed} ${scope} ${cachedNote}`,
        params: tenantParams.extend({ id: institutionRef }),
        querystring: marketplaceOfferListQuery,
        response: { 200: listOf(marketplaceOfferCard).describe("A page of the institution's offer cards"), ...cachedErrors },
      },
      config: publicJson,
    },
    async (request) => marketplace.listInstitutionOffers(deps, requireTenant(request).id, request.params.id, request.query),
  );

  r.get(
    '/tenant/:t/marketplace/showcase',
    {
      schema: {
        operationId: 'listMarketplaceShowcase',
        tags,
        summary: 'The handpicked deals',
        description: `The offers the tenant's owners handpicked for the showcase carousel, in their order, as cards; picked offers no longer listed are left out. ${scope} ${cachedNote}`,
        params: tenantParams,
        querystring: pageQuery,
        response: { 200: listOf(marketplaceOfferCard).describe('A page of the handpicked offer cards, in order'), ...cachedErrors },
      },
      config: publicJson,
    },
    async (request) => marketplace.getShowcase(deps, requireTenant(request).id, request.query),
  );

  // The browser's preflight of each read a public key may make from another site.
  for (const path of [
    '/tenant/:t/marketplace/offers',
    '/tenant/:t/marketplace/offers/:idOrSlug',
    '/tenant/:t/marketplace/offers/:id/documents',
    '/tenant/:t/marketplace/offers/:id/documents/:docId',
    '/tenant/:t/marketplace/offers/:id/documents/:docId/file',
    '/tenant/:t/marketplace/images/:imageId',
    '/tenant/:t/marketplace/institutions',
    '/tenant/:t/marketplace/institutions/:idOrSlug',
    '/tenant/:t/marketplace/institutions/:id/offers',
    '/tenant/:t/marketplace/showcase',
  ])
    publicKeyPreflight(app, path);

  r.get(
    '/tenant/:t/marketplace/settings',
    {
      schema: {
        operationId: 'getMarketplaceSettings',
        tags,
        summary: 'The marketplace settings',
        description: `The handpicked offer ids, and the card of each one still listed. ${scope}`,
        params: tenantParams,
        response: { 200: dataOf(marketplaceSettingsView).describe('The marketplace settings'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { apiKeys: true, keyResource: 'tenant', access: owners, tenantParam: 't' },
    },
    async (request) => ({ data: await marketplace.getSettings(deps, requireCaller(request), requireTenant(request).id) }),
  );

  r.put(
    '/tenant/:t/marketplace/settings',
    {
      schema: {
        operationId: 'updateMarketplaceSettings',
        tags,
        summary: 'Update the marketplace settings',
        description: `The handpicked deals, in order (at most 12, each once). Every id must be a listed offer of this tenant, else 400 and nothing changes. The tenant's timeline records the old and new lists. ${scope}`,
        params: tenantParams,
        body: marketplaceSettings,
        response: { 200: dataOf(marketplaceSettingsView).describe('The marketplace settings'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { apiKeys: true, keyResource: 'tenant', access: owners, tenantParam: 't' },
    },
    async (request) => ({ data: await marketplace.updateSettings(deps, requireCaller(request), requireTenant(request).id, request.body) }),
  );
}
