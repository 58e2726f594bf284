import { createHash } from 'node:crypto';
import {
  completeStep,
  distributionMethodLabels,
  esignEventLabels,
  formatCurrency,
  individualOwnershipTypeLabels,
  investmentStepData,
  investorTypeLabels,
  legalEntityOwnershipTypeLabels,
  retirementAccountTypeLabels,
  userDisplayName,
  type EsignEnvelope,
  type EsignEventType,
  type EsignVerification,
  type SignSubscriptionBody,
  type WorkflowStep,
} from '@tessera/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { EsignEnvelopeRow, TenantRow, WorkflowRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ExternalEsignProvider } from '../../lib/esign/index.ts';
import { newId } from '../../lib/ids.ts';
import { checkPdfSeal, type DocumentSealer } from '../../lib/seal/index.ts';
import type { FileStorage } from '../../lib/storage/storage.ts';
import { runInWorker } from '../../lib/worker-pool.ts';
import { insertIssuedDocument, storeIssuedFile, type IssuedFile } from '../documents/index.ts';
import { recordEvent } from '../timeline/index.ts';
import { readSignatureBytes } from '../users/index.ts';
import { findWorkflow, loadOwnWorkflow, loadWorkflow, saveStepMove } from '../workflows/index.ts';
import type { AgreementFields, CertificateEvent, CompletionCertificate, SignatureStamp } from './agreement-pdf.ts';
import * as repo from './esign.repository.ts';

/** What signing needs: the database and clock, the files' storage, the tenant's seal, and the external provider if any. */
export interface EsignDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  sealer: DocumentSealer;
  /** The external provider (ESIGN_PROVIDER=external); null for the built-in signer. */
  provider: ExternalEsignProvider | null;
  /** The provider's default template, when neither the workflow nor the offer names one. */
  defaultTemplateId: string | null;
}

/** Where the request came from: the host's tenant, the origin links point to, and the caller's address and browser. */
export interface EsignSite {
  tenant: TenantRow;
  origin: string;
  ip: string;
  userAgent: string | null;
}

export const NO_SIGNING_TEXT = 'No signing yet';
export const AGREEMENT_CHANGED_TEXT = 'The agreement changed; review it again';
export const SAVE_SIGNATURE_FIRST_TEXT = 'Save your signature first';
export const ALREADY_SIGNED_TEXT = 'The agreement is already signed';
/** The certificate of completion is a document of type OTHER with this tag. */
export const CERTIFICATE_TAG = 'esign-certificate';
const STEP = 'esignature';
const AGREEMENT_PDF = new URL('./agreement-pdf.ts', import.meta.url);

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const unsignedKey = (tenantId: string, envelopeId: string) => `esign/${tenantId}/${envelopeId}/agreement`;
const utc = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')}`;
const formatDay = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);

async function readAll(storage: FileStorage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

// ---- reading ----

async function toEnvelope(db: DbOrTx, row: EsignEnvelopeRow): Promise<EsignEnvelope> {
  const events = await repo.listEvents(db, row.tenantId, row.id);
  const created = events.find((e) => e.type === 'created');
  const signingUrl = row.status === 'created' && typeof created?.detail.signingUrl === 'string' ? created.detail.signingUrl : null;
  return {
    _id: row.id,
    workflow: row.workflowId,
    provider: row.provider,
    status: row.status,
    signerName: row.signerName,
    signedAt: row.signedAt?.toISOString() ?? null,
    unsignedSha256: row.unsignedSha256,
    signedSha256: row.signedSha256,
    signedDocument: row.signedDocumentId,
    certificateDocument: row.certificateDocumentId,
    signingUrl,
    events: events.map((e) => ({ type: e.type, at: e.at.toISOString(), ip: e.ip, userAgent: e.userAgent, actor: e.actorName })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET …/esignature: the newest signing with its events, for the owner and the offer institution's team. */
export async function getEnvelope(deps: Pick<EsignDeps, 'db'>, auth: AuthContext, workflowId: string): Promise<EsignEnvelope | null> {
  const { workflow } = await loadWorkflow(deps.db, auth, workflowId);
  const row = await repo.findNewestEnvelope(deps.db, auth.tenantId, workflow.id);
  return row ? toEnvelope(deps.db, row) : null;
}

// ---- preparing ----

const DONE = new Set<WorkflowStep['status']>(['completed', 'skipped']);

/** Every step before the e-signature must be completed or skipped (400 naming those left). */
function requireStepsBefore(workflow: WorkflowRow): void {
  if (workflow.type !== 'investment') throw new AppError('bad-request', 'Only an investment workflow has a subscription agreement');
  const at = workflow.steps.findIndex((s) => s.key === STEP);
  if (at < 0) throw new AppError('bad-request', 'This workflow has no e-signature step');
  if (workflow.steps[at]!.status === 'completed') throw new AppError('conflict', ALREADY_SIGNED_TEXT);
  const left = workflow.steps.slice(0, at).filter((s) => !DONE.has(s.status));
  if (left.length) throw new AppError('bad-request', `Complete these steps first: ${left.map((s) => s.name).join(', ')}`);
}

/** A step's data as its schema reads it, or null when the step was skipped or holds something else. */
function stepData<K extends keyof typeof investmentStepData>(workflow: WorkflowRow, key: K) {
  const step = workflow.steps.find((s) => s.key === key);
  if (step?.status !== 'completed') return null;
  const parsed = investmentStepData[key].safeParse(step.data);
  return parsed.success ? (parsed.data as ReturnType<(typeof investmentStepData)[K]['parse']>) : null;
}

/** What the agreement is filled with, from the workflow's steps, its offer and the investor's profiles. */
async function agreementFields(db: DbOrTx, tenant: TenantRow, workflow: WorkflowRow, owner: AuthContext['user'], now: Date) {
  const offer = workflow.offerId ? await repo.findOfferParties(db, tenant.id, workflow.offerId) : undefined;
  if (!offer) throw new AppError('bad-request', "The workflow's offer no longer exists");
  const contribution = stepData(workflow, 'contribution');
  const investorType = stepData(workflow, 'investor-type');
  const ownership = stepData(workflow, 'ownership');
  const profiles = stepData(workflow, 'profiles');
  const distribution = stepData(workflow, 'distribution');
  const names = await repo.findInvestorNames(
    db,
    tenant.id,
    workflow.ownerId,
    profiles?.individualProfiles ?? [],
    investorType?.investorType === 'legal-entity' ? (profiles?.legalEntityProfile ?? null) : null,
  );
  const investorNames = names.entity ? [names.entity] : names.individuals.length ? names.individuals : [userDisplayName(owner)];
  const ownershipType = ownership?.legalEntityOwnershipType
    ? legalEntityOwnershipTypeLabels[ownership.legalEntityOwnershipType]
    : ownership?.individualOwnershipType
      ? individualOwnershipTypeLabels[ownership.individualOwnershipType] +
        (ownership.individualRetirementAccountType ? ` (${retirementAccountTypeLabels[ownership.individualRetirementAccountType]})` : '')
      : '-';
  const unitClass = offer.classes.find((c) => c.id === contribution?.unitClass);
  const fields: AgreementFields = {
    tenantName: tenant.name,
    offerName: offer.name,
    institutionName: offer.institutionName,
    workflowName: workflow.name,
    investorNames,
    investorType: investorType ? investorTypeLabels[investorType.investorType] : '-',
    ownershipType,
    unitClass: unitClass?.name ?? contribution?.unitClass ?? '-',
    units: contribution?.unitQuantity ? String(contribution.unitQuantity) : '-',
    amount: formatCurrency(contribution?.amount ?? workflow.config.amount),
    distributionMethod: distribution ? distributionMethodLabels[distribution.method] : '-',
    date: formatDay(now),
    preparedAt: now.toISOString(),
  };
  return { fields, offer };
}

/** The offer's own subscription agreement when it lists a PDF one, else null (the built-in template). */
async function offerTemplate(deps: EsignDeps, tenantId: string, items: { document: string; type: string; hidden: boolean }[]) {
  for (const item of items.filter((i) => i.type === 'subscription-agreement' && !i.hidden)) {
    const doc = await repo.findDocumentFile(deps.db, tenantId, item.document);
    if (doc?.mimeType !== 'application/pdf') continue;
    const bytes = await readAll(deps.storage, doc.storageKey);
    if (bytes?.subarray(0, 5).toString('latin1') === '%PDF-') return { id: doc.id, bytes };
  }
  return null;
}

/** The filled agreement from the offer's PDF; a PDF pdf-lib cannot open (encrypted, damaged) gives way to the built-in one. */
async function renderAgreement(fields: AgreementFields, template: { id: string; bytes: Buffer } | null) {
  if (template) {
    try {
      return { pdf: await runInWorker<Uint8Array>(AGREEMENT_PDF, 'renderAgreementPdf', [fields, template.bytes]), templateId: template.id };
    } catch {
      // Fall through to the built-in agreement.
    }
  }
  return { pdf: await runInWorker<Uint8Array>(AGREEMENT_PDF, 'renderAgreementPdf', [fields, null]), templateId: null };
}

/**
 * POST …/esignature: fills the subscription agreement with the workflow's data (built-in) or opens an envelope with the
 * external provider, voiding an older unsigned one. Only the owner, once every step before the e-signature is done.
 */
export async function prepare(deps: EsignDeps, auth: AuthContext, site: EsignSite, workflowId: string): Promise<EsignEnvelope> {
  const workflow = await loadOwnWorkflow(deps.db, auth, workflowId);
  requireStepsBefore(workflow);
  const now = deps.clock.now();
  const { fields, offer } = await agreementFields(deps.db, site.tenant, workflow, auth.user, now);
  const id = newId();
  let values: Pick<EsignEnvelopeRow, 'provider' | 'templateDocumentId' | 'externalId' | 'unsignedSha256'>;
  let detail: Record<string, unknown> = {};
  let stored: string | null = null;
  if (deps.provider) {
    const templateId = workflow.config.esignTemplateId ?? offer.esignTemplateId ?? deps.defaultTemplateId;
    if (!templateId) throw new AppError('bad-request', 'No e-signature template is set for this offer');
    const opened = await deps.provider.createEnvelope({
      templateId,
      signer: { name: userDisplayName(auth.user), email: auth.user.email, clientUserId: auth.user.id },
      fields: {
        offerName: fields.offerName,
        institutionName: fields.institutionName,
        investorNames: fields.investorNames.join(', '),
        investorType: fields.investorType,
        ownershipType: fields.ownershipType,
        unitClass: fields.unitClass,
        units: fields.units,
        amount: fields.amount,
        distributionMethod: fields.distributionMethod,
        date: fields.date,
      },
      returnUrl: `${site.origin}/investor/workflow/${workflow.id}?step=${STEP}`,
    });
    values = { provider: 'external', templateDocumentId: null, externalId: opened.envelopeId, unsignedSha256: null };
    detail = { signingUrl: opened.signingUrl, templateId };
  } else {
    const { pdf, templateId } = await renderAgreement(fields, await offerTemplate(deps, auth.tenantId, offer.documents));
    stored = unsignedKey(auth.tenantId, id);
    await deps.storage.put(stored, Buffer.from(pdf), 'application/pdf');
    values = { provider: 'builtin', templateDocumentId: templateId, externalId: null, unsignedSha256: sha256(pdf) };
  }
  const actor = { actorId: auth.user.id, ip: site.ip, userAgent: site.userAgent };
  try {
    const row = await deps.db.transaction(async (tx) => {
      for (const old of await repo.listOpenEnvelopes(tx, auth.tenantId, workflow.id)) {
        await repo.updateEnvelopeFrom(tx, auth.tenantId, old.id, 'created', { status: 'voided', updatedAt: now });
        await repo.insertEvents(tx, [
          { tenantId: auth.tenantId, envelopeId: old.id, type: 'voided', at: now, ...actor, detail: { replacedBy: id } },
        ]);
      }
      const inserted = await repo.insertEnvelope(tx, {
        tenantId: auth.tenantId,
        id,
        workflowId: workflow.id,
        signerId: auth.user.id,
        signerName: userDisplayName(auth.user),
        fields: { ...fields },
        createdAt: now,
        updatedAt: now,
        ...values,
      });
      await repo.insertEvents(tx, [{ tenantId: auth.tenantId, envelopeId: id, type: 'created', at: now, ...actor, detail }]);
      await recordEvent(tx, {
        tenantId: auth.tenantId,
        type: 'create',
        entity: workflow.id,
        entityType: 'workflow',
        userId: auth.user.id,
        message: `Prepared the subscription agreement of ${workflow.name}`,
        meta: { change: { esignEnvelope: { old: null, new: id }, unsignedSha256: { old: null, new: values.unsignedSha256 } } },
      });
      return inserted;
    });
    return await toEnvelope(deps.db, row);
  } catch (error) {
    if (stored) await deps.storage.delete(stored).catch(() => {});
    throw error;
  }
}

/** The newest built-in signing still open (or signed), else 404. */
async function openBuiltin(db: DbOrTx, tenantId: string, workflowId: string): Promise<EsignEnvelopeRow> {
  const row = await repo.findNewestEnvelope(db, tenantId, workflowId);
  if (!row || row.status === 'voided') throw new AppError('not-found', NO_SIGNING_TEXT);
  return row;
}

/** GET …/esignature/agreement: the filled agreement as prepared (stored, so it is byte for byte what was shown); 'viewed'. */
export async function readAgreement(
  deps: Pick<EsignDeps, 'db' | 'storage' | 'clock'>,
  auth: AuthContext,
  site: EsignSite,
  workflowId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const { workflow } = await loadWorkflow(deps.db, auth, workflowId);
  const row = await openBuiltin(deps.db, auth.tenantId, workflow.id);
  if (row.provider !== 'builtin') throw new AppError('not-found', "The agreement is on the provider's signing page");
  const pdf = await readAll(deps.storage, unsignedKey(auth.tenantId, row.id));
  if (!pdf) throw new AppError('not-found', NO_SIGNING_TEXT);
  await repo.insertEvents(deps.db, [
    {
      tenantId: auth.tenantId,
      envelopeId: row.id,
      type: 'viewed',
      at: deps.clock.now(),
      actorId: auth.user.id,
      ip: site.ip,
      userAgent: site.userAgent,
    },
  ]);
  return { pdf, fileName: `subscription-agreement-${workflow.id}.pdf` };
}

// ---- signing ----

interface FinishedFiles {
  signed: IssuedFile;
  certificate: IssuedFile;
  signedSha256: string;
  newEvents: { type: EsignEventType; at: Date; actorId: string | null; ip: string | null; userAgent: string | null }[];
}

/** The certificate of completion (every event with time and address), sealed, and both files stored. */
async function issueFiles(
  deps: EsignDeps,
  site: Pick<EsignSite, 'tenant' | 'origin'>,
  row: EsignEnvelopeRow,
  workflow: WorkflowRow,
  signedPdf: Buffer,
  newEvents: FinishedFiles['newEvents'],
  actorName: string,
  now: Date,
): Promise<FinishedFiles> {
  const signedSha256 = sha256(signedPdf);
  const past = await repo.listEvents(deps.db, row.tenantId, row.id);
  const events: CertificateEvent[] = [
    ...past.map((e) => ({ label: esignEventLabels[e.type], at: utc(e.at), ip: e.ip, userAgent: e.userAgent, actor: e.actorName })),
    ...newEvents.map((e) => ({
      label: esignEventLabels[e.type],
      at: utc(e.at),
      ip: e.ip,
      userAgent: e.userAgent,
      actor: e.actorId ? actorName : site.tenant.name,
    })),
  ];
  const certificate: CompletionCertificate = {
    envelopeId: row.id,
    workflowName: workflow.name,
    offerName: String(row.fields.offerName ?? workflow.name),
    tenantName: site.tenant.name,
    signerName: row.signerName ?? actorName,
    unsignedSha256: row.unsignedSha256 ?? '-',
    signedSha256,
    events,
  };
  const certificatePdf = await runInWorker<Uint8Array>(AGREEMENT_PDF, 'renderCertificatePdf', [certificate]);
  const sealedCertificate = await deps.sealer.seal(certificatePdf, {
    tenantId: row.tenantId,
    signerName: site.tenant.name,
    reason: `Certificate of completion ${row.id}`,
    location: new URL(site.origin).host,
    signedAt: now,
  });
  const signed = await storeIssuedFile(deps.storage, row.tenantId, signedPdf, 'application/pdf');
  try {
    const stored = await storeIssuedFile(deps.storage, row.tenantId, sealedCertificate, 'application/pdf');
    return { signed, certificate: stored, signedSha256, newEvents };
  } catch (error) {
    await signed.discard();
    throw error;
  }
}

/**
 * Records a finished signing in one transaction: both documents (owned by the investor; the institution's team reads
 * them through the registered access rule), the envelope signed, its events, the e-signature step completed with its
 * data, and the workflow's timeline event. A signing that lost a race discards its files and gets 409.
 */
async function recordFinished(
  deps: EsignDeps,
  row: EsignEnvelopeRow,
  workflowId: string,
  files: FinishedFiles,
  signer: { id: string; name: string },
  now: Date,
): Promise<EsignEnvelopeRow> {
  try {
    return await deps.db.transaction(async (tx) => {
      const workflow = await findWorkflow(tx, row.tenantId, workflowId);
      if (!workflow) throw new AppError('not-found', 'Workflow not found');
      const offerName = String(row.fields.offerName ?? workflow.name);
      const signedDoc = await insertIssuedDocument(tx, files.signed, {
        tenantId: row.tenantId,
        ownerId: workflow.ownerId,
        actorId: signer.id,
        name: `Subscription agreement – ${offerName}`,
        type: 'subscription-agreement',
        entityType: 'USER',
        tags: ['esignature'],
        description: `Signed by ${signer.name} on ${utc(now)} UTC, sealed by the sponsor's platform; SHA-256 ${files.signedSha256}`,
        originalName: `subscription-agreement-${row.id}.pdf`,
        mimeType: 'application/pdf',
      });
      const certificateDoc = await insertIssuedDocument(tx, files.certificate, {
        tenantId: row.tenantId,
        ownerId: workflow.ownerId,
        actorId: signer.id,
        name: `Certificate of completion – ${offerName}`,
        type: 'OTHER',
        entityType: 'USER',
        tags: ['esignature', CERTIFICATE_TAG],
        description: 'Every event of the signing of the subscription agreement, with time and address',
        originalName: `certificate-of-completion-${row.id}.pdf`,
        mimeType: 'application/pdf',
      });
      const updated = await repo.updateEnvelopeFrom(tx, row.tenantId, row.id, 'created', {
        status: 'signed',
        signedAt: now,
        signerName: signer.name,
        signedSha256: files.signedSha256,
        signedDocumentId: signedDoc.id,
        certificateDocumentId: certificateDoc.id,
        updatedAt: now,
      });
      if (!updated) throw new AppError('conflict', ALREADY_SIGNED_TEXT);
      await repo.insertEvents(
        tx,
        files.newEvents.map((e) => ({ ...e, tenantId: row.tenantId, envelopeId: row.id })),
      );
      const data = investmentStepData.esignature.parse({
        envelopeId: row.id,
        signedDocumentId: signedDoc.id,
        certificateDocumentId: certificateDoc.id,
        signedAt: now.toISOString(),
      });
      const before = workflow.steps.find((s) => s.key === STEP);
      await saveStepMove(tx, row.tenantId, workflow.id, completeStep(workflow.steps, STEP, data), now);
      await recordEvent(tx, {
        tenantId: row.tenantId,
        type: 'status',
        entity: workflow.id,
        entityType: 'workflow',
        userId: signer.id,
        message: `${signer.name} signed the subscription agreement of ${workflow.name}`,
        meta: {
          change: {
            [`steps.${STEP}.status`]: { old: before?.status ?? null, new: 'completed' },
            [`steps.${STEP}.data`]: { old: before?.data ?? null, new: data },
          },
        },
        refs: [
          { entity: signedDoc.id, entityType: 'document' },
          { entity: certificateDoc.id, entityType: 'document' },
        ],
      });
      return updated;
    });
  } catch (error) {
    await Promise.all([files.signed.discard(), files.certificate.discard()]);
    throw error;
  }
}

/**
 * POST …/esignature/sign: the owner signs the agreement they were shown (its hash must match, 409 otherwise) with
 * their typed name or their saved signature; the stamped agreement is sealed with the tenant's seal, a sealed
 * certificate of completion is made, both are stored as documents, and the e-signature step is completed.
 */
export async function sign(
  deps: EsignDeps,
  auth: AuthContext,
  site: EsignSite,
  workflowId: string,
  body: SignSubscriptionBody,
): Promise<EsignEnvelope> {
  const workflow = await loadOwnWorkflow(deps.db, auth, workflowId);
  const row = await openBuiltin(deps.db, auth.tenantId, workflow.id);
  if (row.status === 'signed') throw new AppError('conflict', ALREADY_SIGNED_TEXT);
  if (row.provider !== 'builtin') throw new AppError('bad-request', "This agreement is signed on the provider's signing page");
  requireStepsBefore(workflow);
  if (body.unsignedSha256 !== row.unsignedSha256) throw new AppError('conflict', AGREEMENT_CHANGED_TEXT);
  const unsigned = await readAll(deps.storage, unsignedKey(auth.tenantId, row.id));
  if (!unsigned || sha256(unsigned) !== row.unsignedSha256) throw new AppError('conflict', AGREEMENT_CHANGED_TEXT);
  const image = body.signatureKind === 'drawn' ? await readSignatureBytes(deps.storage, auth.user) : null;
  if (body.signatureKind === 'drawn' && !image) throw new AppError('bad-request', SAVE_SIGNATURE_FIRST_TEXT);
  const now = deps.clock.now();
  const signerName = userDisplayName(auth.user);
  const stamp: SignatureStamp = {
    kind: body.signatureKind,
    typedName: body.typedName ?? null,
    image,
    signerName,
    signedAt: utc(now),
    ip: site.ip,
    unsignedSha256: row.unsignedSha256!,
  };
  const stamped = await runInWorker<Uint8Array>(AGREEMENT_PDF, 'stampSignaturePdf', [unsigned, stamp]);
  const sealed = await deps.sealer.seal(stamped, {
    tenantId: auth.tenantId,
    signerName: site.tenant.name,
    reason: `Subscription agreement signed by ${signerName}`,
    location: new URL(site.origin).host,
    signedAt: now,
  });
  const by = { actorId: auth.user.id, ip: site.ip, userAgent: site.userAgent };
  const files = await issueFiles(
    deps,
    site,
    row,
    workflow,
    sealed,
    [
      { type: 'signed', at: now, ...by },
      { type: 'sealed', at: now, actorId: null, ip: null, userAgent: null },
      { type: 'completed', at: now, ...by },
    ],
    signerName,
    now,
  );
  const updated = await recordFinished(deps, row, workflow.id, files, { id: auth.user.id, name: signerName }, now);
  return toEnvelope(deps.db, updated);
}

// ---- the external provider's webhook ----

/**
 * POST tenant/{t}/esignature/webhook: the external provider's word that an envelope is complete (its HMAC verified over
 * the raw body). The signed PDF is downloaded and stored as is (the provider signed it), a sealed certificate of
 * completion is made, and the e-signature step is completed. A redelivery of a finished envelope is a duplicate.
 */
export async function receiveWebhook(
  deps: EsignDeps,
  site: Pick<EsignSite, 'tenant' | 'origin'>,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ received: true; duplicate: boolean }> {
  if (!deps.provider) throw new AppError('not-found', 'No external e-signature provider is configured');
  const event = deps.provider.verifyWebhook(rawBody, headers);
  const row = await repo.findEnvelopeByExternalId(deps.db, site.tenant.id, event.envelopeId);
  if (!row) throw new AppError('not-found', 'Envelope not found');
  if (row.status !== 'created') return { received: true, duplicate: true };
  const now = deps.clock.now();
  if (event.status === 'declined' || event.status === 'voided') {
    await deps.db.transaction(async (tx) => {
      if (!(await repo.updateEnvelopeFrom(tx, row.tenantId, row.id, 'created', { status: 'voided', updatedAt: now }))) return;
      await repo.insertEvents(tx, [
        {
          tenantId: row.tenantId,
          envelopeId: row.id,
          type: 'voided',
          at: now,
          actorId: null,
          ip: event.ip,
          userAgent: null,
          detail: { provider: event.status },
        },
      ]);
    });
    return { received: true, duplicate: false };
  }
  if (event.status !== 'completed') return { received: true, duplicate: false };
  const workflow = await findWorkflow(deps.db, row.tenantId, row.workflowId);
  if (!workflow) throw new AppError('not-found', 'Envelope not found');
  const pdf = await deps.provider.downloadSignedPdf(event.envelopeId);
  const at = event.at && !Number.isNaN(Date.parse(event.at)) ? new Date(event.at) : now;
  const signerName = row.signerName ?? 'The investor';
  const files = await issueFiles(
    deps,
    site,
    row,
    workflow,
    pdf,
    [
      { type: 'signed', at, actorId: row.signerId, ip: event.ip, userAgent: null },
      { type: 'completed', at: now, actorId: null, ip: null, userAgent: null },
    ],
    signerName,
    now,
  );
  await recordFinished(deps, row, workflow.id, files, { id: row.signerId, name: signerName }, now);
  return { received: true, duplicate: false };
}

// ---- verifying ----

const commonName = (subject: string) => /(?:^|\n)CN=([^\n]+)/.exec(subject)?.[1] ?? null;

/**
 * POST tenant/{t}/esignature/verify: a file's hash, its seal (intact: covering the whole file, nothing changed since),
 * and whether it is a subscription this tenant signed. A matching file records a 'verified' event.
 */
export async function verifyFile(
  deps: Pick<EsignDeps, 'db' | 'clock'>,
  site: Pick<EsignSite, 'tenant' | 'ip' | 'userAgent'>,
  file: Buffer,
): Promise<EsignVerification> {
  if (file.subarray(0, 5).toString('latin1') !== '%PDF-') throw new AppError('unsupported-media-type', 'Upload the signed PDF');
  const hash = sha256(file);
  const seal = checkPdfSeal(file);
  const row = await repo.findEnvelopeBySignedSha256(deps.db, site.tenant.id, hash);
  const workflow = row ? await findWorkflow(deps.db, site.tenant.id, row.workflowId) : undefined;
  if (row)
    await repo.insertEvents(deps.db, [
      {
        tenantId: row.tenantId,
        envelopeId: row.id,
        type: 'verified',
        at: deps.clock.now(),
        actorId: null,
        ip: site.ip,
        userAgent: site.userAgent,
      },
    ]);
  return {
    sha256: hash,
    sealed: seal.problem !== 'no signature',
    sealIntact: seal.valid,
    sealedBy: seal.signer ? commonName(seal.signer.subject) : null,
    matchesRecord: !!row,
    record: row
      ? {
          workflowName: workflow?.name ?? String(row.fields.workflowName ?? ''),
          signerName: row.signerName,
          signedAt: row.signedAt?.toISOString() ?? null,
        }
      : null,
    valid: !!row && seal.valid,
  };
}
