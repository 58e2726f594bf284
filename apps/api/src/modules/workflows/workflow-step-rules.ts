import {
  formatCurrency,
  formatDate,
  approvalExpiry,
  HIGH_MINIMUM_ENTITY,
  HIGH_MINIMUM_INDIVIDUAL,
  individualProfileGaps,
  investmentStepData,
  isApprovalExpired,
  ownersAllowed,
  profileGapLabels,
  type InvestmentStepData,
  type InvestmentStepKey,
  type WorkflowConfig,
  type WorkflowStep,
} from '@tessera/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { OfferRow, WorkflowRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { findOwnApproval } from '../applications/index.ts';
import { findOwnedAccountIds } from '../financial-accounts/index.ts';
import { findOwnedProfiles } from '../individual-profiles/index.ts';
import { findLegalEntityProfile } from '../legal-entity-profiles/index.ts';
import { findOffer } from '../offers/index.ts';

/**
 * What the server checks of a step's data beyond its schema (001 §2, §3): what only the offer, the caller's passport and
 * accreditation, and the workflow's other answers can tell. Each rule answers the data to store (normalised: ids only)
 * and any change to the workflow's config, or throws 400 naming the field.
 */
export interface StepContext {
  db: DbOrTx;
  auth: AuthContext;
  workflow: WorkflowRow;
  config: WorkflowConfig;
  now: Date;
}

export interface CheckedStep {
  data: Record<string, unknown>;
  config?: WorkflowConfig;
}

export const ESIGNATURE_STEP_TEXT = 'Sign the subscription agreement to complete this step';

const invalid = (field: string, message: string) => new AppError('validation', `body.data.${field}: ${message}`);
const money = (value: number) => formatCurrency(value, { decimals: Number.isInteger(value) ? 0 : 2 });

/** The step's data parsed with its schema: 400 naming each field at fault, with the schema's own messages. */
export function parseStepData<K extends InvestmentStepKey>(key: K, data: unknown): InvestmentStepData[K] {
  const parsed = (investmentStepData[key] as unknown as z.ZodType<InvestmentStepData[K]>).safeParse(data);
  if (!parsed.success)
    throw new AppError('validation', parsed.error.issues.map((i) => `body.data.${i.path.join('.') || 'data'}: ${i.message}`).join('; '));
  return parsed.data;
}

async function offerOf(ctx: StepContext): Promise<OfferRow> {
  const offer = ctx.workflow.offerId ? await findOffer(ctx.db, ctx.auth.tenantId, ctx.workflow.offerId) : undefined;
  if (!offer) throw new AppError('conflict', 'The offer of this workflow no longer exists');
  return offer;
}

const stepData = (workflow: WorkflowRow, key: InvestmentStepKey) => workflow.steps.find((s) => s.key === key)?.data ?? {};

/** Diligence: the documents viewed and downloaded are the offer's, and add to those already recorded. */
export function diligenceDocuments(ctx: StepContext, data: { viewedDocuments?: string[]; downloadedDocuments?: string[] }) {
  const known = new Set(ctx.config.documents);
  const recorded = stepData(ctx.workflow, 'diligence') as { viewedDocuments?: string[]; downloadedDocuments?: string[] };
  const merged: Record<string, string[]> = {};
  for (const field of ['viewedDocuments', 'downloadedDocuments'] as const) {
    const given = data[field];
    if (given === undefined) continue;
    const unknown = given.find((id) => !known.has(id));
    if (unknown) throw invalid(field, `No such document of the offer: ${unknown}`);
    merged[field] = [...new Set([...(recorded[field] ?? []), ...given])];
  }
  return merged;
}

async function contribution(ctx: StepContext, data: InvestmentStepData['contribution']): Promise<CheckedStep> {
  const offer = await offerOf(ctx);
  const cls = offer.classes.find((c) => c.id === data.unitClass);
  if (!cls) throw invalid('unitClass', 'Choose a class of this offer');
  const { amount } = data;
  if (amount < cls.minimumInvestment) throw invalid('amount', `Amount must be at least ${money(cls.minimumInvestment)}`);
  if (cls.maximumInvestment !== null && cls.maximumInvestment > 0 && amount > cls.maximumInvestment)
    throw invalid('amount', `Amount must be at most ${money(cls.maximumInvestment)}`);
  let unitQuantity: number | null = null;
  if (cls.pricePerUnit !== null && cls.pricePerUnit > 0) {
    const units = amount / cls.pricePerUnit;
    if (Math.abs(units - Math.round(units)) > 1e-9)
      throw invalid('amount', `Amount must be a multiple of the price per unit, ${money(cls.pricePerUnit)}`);
    unitQuantity = Math.round(units);
  }
  return { data: { unitClass: cls.id, unitQuantity, amount }, config: { ...ctx.config, amount } };
}

function investorTypeOf(ctx: StepContext): 'individual' | 'legal-entity' {
  const answer = (stepData(ctx.workflow, 'investor-type') as { investorType?: string }).investorType;
  if (answer !== 'individual' && answer !== 'legal-entity') throw new AppError('bad-request', 'Choose your investor type first');
  return answer;
}

function ownership(ctx: StepContext, data: InvestmentStepData['ownership']): CheckedStep {
  if (investorTypeOf(ctx) === 'individual') {
    if (!data.individualOwnershipType) throw invalid('individualOwnershipType', 'Choose an ownership type');
    return {
      data: {
        individualOwnershipType: data.individualOwnershipType,
        individualRetirementAccountType: data.individualOwnershipType === 'ira' ? data.individualRetirementAccountType : null,
        legalEntityOwnershipType: null,
      },
    };
  }
  if (!data.legalEntityOwnershipType) throw invalid('legalEntityOwnershipType', 'Choose how the entity holds the investment');
  return {
    data: { individualOwnershipType: null, individualRetirementAccountType: null, legalEntityOwnershipType: data.legalEntityOwnershipType },
  };
}

/** The caller's own individual profiles, each complete enough to invest (000 §1); 400 naming the profile and its gaps. */
async function completeProfiles(ctx: StepContext, ids: readonly string[]): Promise<void> {
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) throw invalid('individualProfiles', `The profile ${duplicate} is listed twice`);
  const rows = new Map((await findOwnedProfiles(ctx.db, ctx.auth.tenantId, ctx.auth.user.id, ids)).map((p) => [p.id, p]));
  for (const id of ids) {
    const profile = rows.get(id);
    if (!profile) throw invalid('individualProfiles', `No such profile in your passport: ${id}`);
    const gaps = individualProfileGaps({
      contact: profile.contact,
      govPhotoIds: profile.govPhotoIds,
      financialAccounts: profile.financialAccountIds,
      verificationStatus: profile.verificationStatus,
    });
    if (gaps.length > 0)
      throw invalid(
        'individualProfiles',
        `The profile ${`${profile.firstname} ${profile.lastname}`.trim()} is missing: ${gaps.map((g) => profileGapLabels[g]).join('; ')}`,
      );
  }
}

async function profiles(ctx: StepContext, data: InvestmentStepData['profiles']): Promise<CheckedStep> {
  const ids = data.individualProfiles;
  if (investorTypeOf(ctx) === 'individual') {
    const type = (stepData(ctx.workflow, 'ownership') as { individualOwnershipType?: Parameters<typeof ownersAllowed>[0] | null })
      .individualOwnershipType;
    if (!type) throw new AppError('bad-request', 'Choose how the investment is held (the ownership step) first');
    const { min, max } = ownersAllowed(type);
    if (ids.length < min || ids.length > max)
      throw invalid('individualProfiles', min === max ? `Choose ${min} profile` : `Choose ${min} to ${max} profiles`);
    await completeProfiles(ctx, ids);
    return { data: { individualProfiles: ids, legalEntityProfile: null } };
  }
  if (!data.legalEntityProfile) throw invalid('legalEntityProfile', 'Choose the legal entity that invests');
  const entity = await findLegalEntityProfile(ctx.db, ctx.auth.tenantId, data.legalEntityProfile);
  if (entity?.ownerId !== ctx.auth.user.id)
    throw invalid('legalEntityProfile', `No such legal entity in your passport: ${data.legalEntityProfile}`);
  if (ids.length === 0) throw invalid('individualProfiles', 'Choose at least one profile to sign for the entity');
  await completeProfiles(ctx, ids);
  return { data: { individualProfiles: ids, legalEntityProfile: entity.id } };
}

/**
 * Qualification: a Rule 506(c) offer takes only a verified accreditation — the caller's own application, approved and
 * within its year; one approved through the high-minimum path holds only for an investment at or above that path's
 * minimum. Elsewhere the investor may self-certify.
 */
async function qualification(ctx: StepContext, data: InvestmentStepData['qualification']): Promise<CheckedStep> {
  const offer = await offerOf(ctx);
  if (offer.fedExemptionExclusions.includes('rule-506-c') && data.basis !== 'verified-accreditation')
    throw invalid('basis', 'This offer is made under Rule 506(c): only a verified accreditation qualifies');
  if (data.basis === 'self-certified') {
    if (!data.selfCertified) throw invalid('selfCertified', 'Confirm that you qualify to invest in this offer');
    return { data: { basis: data.basis, accreditationApplicationId: null, selfCertified: true } };
  }
  const id = data.accreditationApplicationId;
  if (!id) throw invalid('accreditationApplicationId', 'Choose your approved accreditation');
  const approval = await findOwnApproval(ctx.db, ctx.auth.tenantId, ctx.auth.user.id, id);
  if (!approval) throw invalid('accreditationApplicationId', `No such accreditation application of yours: ${id}`);
  if (approval.status !== 'approved' || !approval.reviewedAt)
    throw invalid('accreditationApplicationId', 'Your accreditation is not approved');
  if (isApprovalExpired(approval.status, approval.reviewedAt, ctx.now))
    throw invalid(
      'accreditationApplicationId',
      `Your accreditation expired on ${formatDate(approvalExpiry(approval.reviewedAt))}: renew it`,
    );
  if (approval.verificationMethod === 'high-minimum') {
    const threshold = approval.identity === 'business' ? HIGH_MINIMUM_ENTITY : HIGH_MINIMUM_INDIVIDUAL;
    const amount = ctx.config.amount ?? 0;
    if (amount < threshold)
      throw invalid(
        'accreditationApplicationId',
        `Your accreditation was verified through the high-minimum-investment path, which holds only for an investment of at least ${money(threshold)}`,
      );
  }
  return { data: { basis: data.basis, accreditationApplicationId: id, selfCertified: false } };
}

async function ownAccount(ctx: StepContext, id: string | null): Promise<void> {
  if (id === null) return;
  const owned = await findOwnedAccountIds(ctx.db, ctx.auth.tenantId, ctx.auth.user.id, [id]);
  if (!owned.has(id)) throw invalid('financialAccountId', `No such financial account in your passport: ${id}`);
}

/** Every step but the summary done (skipped counts as done, but the subscription must be signed). */
function summary(ctx: StepContext): CheckedStep {
  const left = ctx.workflow.steps.filter(
    (s: WorkflowStep) =>
      s.key !== 'summary' && (s.key === 'esignature' ? s.status !== 'completed' : s.status !== 'completed' && s.status !== 'skipped'),
  );
  if (left.length > 0) throw new AppError('bad-request', `Complete these steps first: ${left.map((s) => s.name).join(', ')}`);
  return { data: { submitted: true } };
}

/** The data that completes an investment step, checked: the schema first, then the rules above. */
export async function checkCompletion(ctx: StepContext, key: InvestmentStepKey, raw: unknown): Promise<CheckedStep> {
  if (key === 'esignature') throw new AppError('bad-request', ESIGNATURE_STEP_TEXT);
  switch (key) {
    case 'diligence': {
      const data = parseStepData(key, raw);
      const merged = diligenceDocuments(ctx, data);
      return { data: { viewedDocuments: [], downloadedDocuments: [], ...merged, diligenceConfirm: true } };
    }
    case 'contribution':
      return contribution(ctx, parseStepData(key, raw));
    case 'ownership':
      return ownership(ctx, parseStepData(key, raw));
    case 'profiles':
      return profiles(ctx, parseStepData(key, raw));
    case 'qualification':
      return qualification(ctx, parseStepData(key, raw));
    case 'financial-account': {
      const data = parseStepData(key, raw);
      await ownAccount(ctx, data.financialAccountId);
      return { data };
    }
    case 'distribution': {
      const data = parseStepData(key, raw);
      await ownAccount(ctx, data.financialAccountId);
      return { data };
    }
    case 'summary':
      parseStepData(key, raw);
      return summary(ctx);
    // What the schema alone decides.
    case 'investor-type':
    case 'representations':
    case 'purpose':
    case 'communication':
      return { data: parseStepData(key, raw) };
  }
}
