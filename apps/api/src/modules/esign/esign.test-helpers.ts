import { EMPTY_CONTACT, initialSteps, WORKFLOW_TEMPLATES, type WorkflowStep } from '@tessera/domain';
import { individualProfiles, workflows } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { insertInstitution } from '../../../test/factories.ts';
import { marketplaceFactories, offerClass } from '../marketplace/marketplace.test-helpers.ts';

/** The data each step before the e-signature is completed with, as the engine would have validated it. */
export function completedStepData(ids: { classId: string; profileId: string; accountId: string }): Record<string, Record<string, unknown>> {
  return {
    diligence: { viewedDocuments: [], downloadedDocuments: [], diligenceConfirm: true },
    contribution: { unitClass: ids.classId, unitQuantity: 50, amount: 50000 },
    'investor-type': { investorType: 'individual' },
    ownership: { individualOwnershipType: 'individual', individualRetirementAccountType: null, legalEntityOwnershipType: null },
    profiles: { individualProfiles: [ids.profileId], legalEntityProfile: null },
    representations: { riskOfLoss: true, illiquidity: true, noAdvice: true, ownAccount: true, accurateInformation: true },
    purpose: { investmentGoals: ['growth'], sourceOfFunds: 'savings', otherSource: null },
    communication: { emailUpdates: true, smsUpdates: false, statementDelivery: 'electronic', electronicTaxDocuments: true },
    qualification: { basis: 'self-certified', accreditationApplicationId: null, selfCertified: true },
    'financial-account': { financialAccountId: ids.accountId },
    distribution: { method: 'check', financialAccountId: null },
  };
}

/** An institution and its offer with one class, written straight to the database. */
export async function insertOfferForSigning(t: TestApp, tenantId: string, values: { offerName?: string; documents?: object[] } = {}) {
  const institutionId = await insertInstitution(t.app, tenantId, 'Summit Ridge Capital');
  const classId = newId();
  const offerId = await marketplaceFactories(t).createOffer({
    tenantId,
    institutionId,
    name: values.offerName ?? 'Harbor Lofts',
    classes: [offerClass({ id: classId, name: 'Class A', minimumInvestment: 25000 })],
    approvalStatus: 'approved',
    published: true,
    visibilityStatus: 'visible',
    ...(values.documents ? { documents: values.documents as never } : {}),
  });
  return { institutionId, offerId, classId };
}

/**
 * An investment workflow written straight to the database (the engine's routes are another helper's), with every
 * step before the e-signature completed, except those named in `leave`; the owner's individual profile is made too.
 */
export async function insertReadyWorkflow(
  t: TestApp,
  values: {
    tenantId: string;
    ownerId: string;
    offerId: string;
    institutionId: string;
    classId: string;
    leave?: string[];
    profileName?: [string, string];
  },
): Promise<string> {
  const profileId = newId();
  const [firstname, lastname] = values.profileName ?? ['Jane', 'Investor'];
  await t.app.db
    .insert(individualProfiles)
    .values({ tenantId: values.tenantId, id: profileId, userId: values.ownerId, firstname, lastname, contact: EMPTY_CONTACT });
  const data = completedStepData({ classId: values.classId, profileId, accountId: newId() });
  const steps: WorkflowStep[] = initialSteps(WORKFLOW_TEMPLATES.investment).map((s) =>
    data[s.key] && !values.leave?.includes(s.key) ? { ...s, status: 'completed', data: data[s.key]! } : { ...s, status: 'pending' },
  );
  const current = steps.find((s) => s.status !== 'completed')!;
  current.status = 'in-progress';
  const id = newId();
  await t.app.db.insert(workflows).values({
    tenantId: values.tenantId,
    id,
    ownerId: values.ownerId,
    createdBy: values.ownerId,
    type: 'investment',
    name: 'Investment - Harbor Lofts',
    currentStepKey: current.key,
    steps,
    config: { offer: values.offerId, institution: values.institutionId, documents: [], amount: 50000, esignTemplateId: null },
    offerId: values.offerId,
    institutionId: values.institutionId,
  });
  return id;
}
