import {
  dataOf,
  LEAD_TEXTS,
  leadContactBody,
  leadCreateBody,
  leadDetailsBody,
  leadEventsQuery,
  leadImageBody,
  leadListQuery,
  leadNote,
  leadNoteBody,
  leadNotesQuery,
  leadStats,
  leadStatsQuery,
  listOf,
  tenantLead,
  tenantLeadRow,
  timelineEvent,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { requireAnyCaller, requireAuth } from '../../lib/auth-context.ts';
import { created, errorResponses, idParams, noContent, tenantParams } from '../../lib/route-schema.ts';
import { signImageUrlsInAnswers } from '../images/index.ts';
import { RAISE_MODE_NOTE } from '../institutions/index.ts';
import * as notes from './lead-notes.service.ts';
import * as leads from './leads.service.ts';
import { EMAIL_LOCKED } from './leads.service.ts';

const tags = ['Tenant lead'];
const access: Access = 'signed-in';
/** Who may call is decided in the services (lead-access.ts requireLead, institution-access.ts): Raise mode, then the team. */
const raise = { access, accessNote: RAISE_MODE_NOTE, tenantParam: 't' } as const;
/**
 * Also a private API key with the leads scopes, for a CRM integration (issue #23): the tenant's acts as an owner, an
 * institution's on its own institution's leads only (any other lead is 404 to it).
 */
const raiseOrKey = { ...raise, apiKeys: true, institutionKeys: true, keyResource: 'leads' } as const;
const params = tenantParams.extend(idParams('lead').shape);
const noteParams = params.extend({ noteId: idParams('note').shape.id });
const errors = errorResponses(400, 401, 403, 404);
const errorsOr409 = errorResponses(400, 401, 403, 404, 409);

const scope = '`{t}` is the id or slug of the tenant of the address; any other is 404, as is a lead of another tenant.';
const who =
  "The team of the lead's institution and the tenant's owners (and platform admins); anyone else is 404 (as if the lead did not exist).";
const editors = `${who} The team's viewers may read but every change is 403.`;

export async function leadsRoutes(app: FastifyInstance) {
  // Avatars are shown in <img>, which cannot send the bearer token (issue #17).
  signImageUrlsInAnswers(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Deleting a lead deletes the documents shared with it (storage too).
  const documentDeps = { db: app.db, tokens: app.tokens, mailer: app.mailer, clock: app.clock, config: app.config, storage: app.storage };
  const one = dataOf(tenantLead).describe('The lead');
  const base = '/tenant/:t/leads';

  r.get(
    base,
    {
      schema: {
        operationId: 'listLeads',
        tags,
        summary: "An institution's leads",
        description: `The leads of \`institution\`, each with their tenant membership (role, status), invitation status and note and workflow counts. Filters: \`role\` and \`status\` (of the membership; status \`none\`: no membership), \`email\`, \`firstname\`, \`lastname\` (contains, ignoring case) and \`search\` (names, e-mail and company); sorted (newest first by default) and paged (20 a page from page 1). ${who} ${scope}`,
        params: tenantParams,
        querystring: leadListQuery,
        response: { 200: listOf(tenantLeadRow).describe('A page of leads'), ...errors },
      },
      config: raiseOrKey,
    },
    async (request) => leads.listLeads(app.db, requireAnyCaller(request), request.query),
  );

  r.get(
    `${base}/stats`,
    {
      schema: {
        operationId: 'getLeadStats',
        tags,
        summary: "An institution's lead charts",
        description: `For the window from \`start\` to \`end\` in buckets of \`scale\` (hour, day or month, in UTC; at most 1100 buckets): the leads created per bucket (empty buckets included) and in the window, and all the institution's leads per account status (every status, 0 included) and in all. ${who} ${scope}`,
        params: tenantParams,
        querystring: leadStatsQuery,
        response: { 200: dataOf(leadStats).describe('The charts'), ...errors },
      },
      config: raise,
    },
    async (request) => ({ data: await leads.getLeadStats(app.db, requireAuth(request), request.query) }),
  );

  r.post(
    base,
    {
      schema: {
        operationId: 'createLead',
        tags,
        summary: 'Create a lead',
        description: `A lead of \`institution\`: e-mail, first and last name required; middle name, phone, company and title optional; origin (default manual). A second lead with the same e-mail in the institution is 409 '${LEAD_TEXTS.duplicate}'. When the e-mail is the account of an active or invited member of this tenant, the lead is linked to that membership. The tenant's private API key may call it for any institution of the tenant (server to server): the origin is then always \`api\` and the timeline names the key; an institution's key is refused (403). Answers 201 with the lead and its path in \`Location\`. ${editors} ${scope}`,
        params: tenantParams,
        body: leadCreateBody,
        response: { 201: dataOf(tenantLead).describe('The new lead'), ...errorsOr409 },
      },
      config: raiseOrKey,
    },
    async (request, reply) => {
      const made = await leads.createLead(app.db, requireAnyCaller(request), request.body);
      return created(reply, `/tenant/${request.params.t}/leads/${made._id}`, made);
    },
  );

  r.get(
    `${base}/:id`,
    {
      schema: {
        operationId: 'getLead',
        tags,
        summary: 'A lead',
        description: `The lead with their membership, invitation, counts and newest notes (at most 50; GET …/notes pages through all). ${who} ${scope}`,
        params,
        response: { 200: one, ...errors },
      },
      config: raiseOrKey,
    },
    async (request) => ({ data: await leads.getLead(app.db, requireAnyCaller(request), request.params.id) }),
  );

  r.delete(
    `${base}/:id`,
    {
      schema: {
        operationId: 'deleteLead',
        tags,
        summary: 'Delete a lead',
        description: `Deletes the lead for good with their notes and the documents shared with them; the person's account, membership and workflows stay. ${editors} ${scope}`,
        params,
        response: { ...noContent, ...errors },
      },
      config: raise,
    },
    async (request, reply) => {
      await leads.deleteLead(documentDeps, requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.put(
    `${base}/:id/details`,
    {
      schema: {
        operationId: 'updateLeadDetails',
        tags,
        summary: "Update a lead's details",
        description: `Names, company, title, origin, interests and tags, written whole (labels trimmed, repeats dropped). Answers with the lead. ${editors} ${scope}`,
        params,
        body: leadDetailsBody,
        response: { 200: one, ...errors },
      },
      config: raiseOrKey,
    },
    async (request) => ({ data: await leads.updateDetails(app.db, requireAnyCaller(request), request.params.id, request.body) }),
  );

  r.put(
    `${base}/:id/contact`,
    {
      schema: {
        operationId: 'updateLeadContact',
        tags,
        summary: "Update a lead's e-mail and phone",
        description: `The e-mail must stay unique in the institution (409 '${LEAD_TEXTS.duplicate}') and cannot change once the lead has a membership of the tenant (409 '${EMAIL_LOCKED}'); an empty phone removes it. Answers with the lead. ${editors} ${scope}`,
        params,
        body: leadContactBody,
        response: { 200: one, ...errorsOr409 },
      },
      config: raiseOrKey,
    },
    async (request) => ({ data: await leads.updateContact(app.db, requireAnyCaller(request), request.params.id, request.body) }),
  );

  r.put(
    `${base}/:id/image`,
    {
      schema: {
        operationId: 'updateLeadImage',
        tags,
        summary: "Set a lead's avatar",
        description: `An image id from POST image (type lead) in this tenant (any other is 400), or null to remove it. Answers with the lead, its \`imageUrl\` signed for \`<img>\`. ${editors} ${scope}`,
        params,
        body: leadImageBody,
        response: { 200: one, ...errors },
      },
      config: raise,
    },
    async (request) => ({ data: await leads.updateImage(app.db, requireAuth(request), request.params.id, request.body.image) }),
  );

  r.get(
    `${base}/:id/notes`,
    {
      schema: {
        operationId: 'listLeadNotes',
        tags,
        summary: "A lead's notes",
        description: `Newest first, paged, each with its author. ${who} ${scope}`,
        params,
        querystring: leadNotesQuery,
        response: { 200: listOf(leadNote).describe('A page of notes'), ...errors },
      },
      config: raiseOrKey,
    },
    async (request) => notes.listLeadNotes(app.db, requireAnyCaller(request), request.params.id, request.query),
  );

  r.post(
    `${base}/:id/notes`,
    {
      schema: {
        operationId: 'createLeadNote',
        tags,
        summary: 'Add a note to a lead',
        description: `The text is required and not only whitespace (at most 10,000 characters). Answers 201 with the note and its path in \`Location\`. ${editors} ${scope}`,
        params,
        body: leadNoteBody,
        response: { 201: dataOf(leadNote).describe('The new note'), ...errors },
      },
      config: raiseOrKey,
    },
    async (request, reply) => {
      const { t, id } = request.params;
      const note = await notes.createLeadNote(app.db, requireAnyCaller(request), id, request.body.content);
      return created(reply, `/tenant/${t}/leads/${id}/notes/${note._id}`, note);
    },
  );

  r.put(
    `${base}/:id/notes/:noteId`,
    {
      schema: {
        operationId: 'updateLeadNote',
        tags,
        summary: 'Edit a note of a lead',
        description: `The whole text, with the same rules as a new note. Answers with the note. ${editors} ${scope}`,
        params: noteParams,
        body: leadNoteBody,
        response: { 200: dataOf(leadNote).describe('The note'), ...errors },
      },
      config: raiseOrKey,
    },
    async (request) => ({
      data: await notes.updateLeadNote(app.db, requireAnyCaller(request), request.params.id, request.params.noteId, request.body.content),
    }),
  );

  r.delete(
    `${base}/:id/notes/:noteId`,
    {
      schema: {
        operationId: 'deleteLeadNote',
        tags,
        summary: 'Delete a note of a lead',
        description: `Deletes the note for good (the lead's history keeps its text). ${editors} ${scope}`,
        params: noteParams,
        response: { ...noContent, ...errors },
      },
      config: raiseOrKey,
    },
    async (request, reply) => {
      await notes.deleteLeadNote(app.db, requireAnyCaller(request), request.params.id, request.params.noteId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    `${base}/:id/events`,
    {
      schema: {
        operationId: 'listLeadEvents',
        tags,
        summary: "A lead's activity",
        description: `The lead's history (every change, with old and new values) merged with the engagement of the lead's account on this institution's offers and documents — offer views, document views and downloads, clicks on an offer's call to action (type access or other, \`meta.engagement\` naming the analytics event) — newest first, paged. ${who} ${scope}`,
        params,
        querystring: leadEventsQuery,
        response: { 200: listOf(timelineEvent).describe("A page of the lead's activity"), ...errors },
      },
      config: raiseOrKey,
    },
    async (request) => notes.listLeadEvents(app.db, requireAnyCaller(request), request.params.id, request.query),
  );
}
