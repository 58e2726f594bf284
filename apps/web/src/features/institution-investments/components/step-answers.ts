import {
  distributionMethodLabels,
  financialGoalLabels,
  individualOwnershipTypeLabels,
  investorTypeLabels,
  legalEntityOwnershipTypeLabels,
  representationKey,
  representationTexts,
  retirementAccountTypeLabels,
  sourceOfFundsLabels,
  statementDeliveryLabels,
  type InvestmentStepKey,
  type QualificationBasis,
} from '@tessera/domain';
import { formatDateTime } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/format-number.ts';

/** One answer as the review shows it: a label and its readable value. */
export type AnswerRow = readonly [label: string, value: string];

type Data = Record<string, unknown>;

const QUALIFICATION_BASIS_LABELS: Record<QualificationBasis, string> = {
  'verified-accreditation': 'Verified accreditation',
  'self-certified': 'Self-certified',
};

const yesNo = (v: unknown) => (v === true ? 'Yes' : v === false ? 'No' : null);
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null);
const ids = (v: unknown) => (Array.isArray(v) && v.length > 0 ? v.filter((x) => typeof x === 'string').join(', ') : null);
const count = (v: unknown) => (Array.isArray(v) ? String(v.length) : null);
function label<T extends string>(labels: Record<T, string>, v: unknown): string | null {
  return typeof v === 'string' && v in labels ? labels[v as T] : text(v);
}
function labelList<T extends string>(labels: Record<T, string>, v: unknown): string | null {
  if (!Array.isArray(v) || v.length === 0) return null;
  return v.map((x) => label(labels, x) ?? String(x)).join(', ');
}

/** Each investment step's answers, in the order and words the investor saw them; ids of profiles and accounts as stored. */
const READERS: Record<InvestmentStepKey, (d: Data) => [string, string | null][]> = {
  diligence: (d) => [
    ['Documents viewed', count(d.viewedDocuments)],
    ['Documents downloaded', count(d.downloadedDocuments)],
    ['Reviewed the offering documents', yesNo(d.diligenceConfirm)],
  ],
  contribution: (d) => [
    ['Class', text(d.unitClass)],
    ['Units', text(d.unitQuantity)],
    ['Amount', typeof d.amount === 'number' ? formatMoney(d.amount) : null],
  ],
  'investor-type': (d) => [['Invests as', label(investorTypeLabels, d.investorType)]],
  ownership: (d) => [
    ['Individual ownership', label(individualOwnershipTypeLabels, d.individualOwnershipType)],
    ['Retirement account', label(retirementAccountTypeLabels, d.individualRetirementAccountType)],
    ['Legal entity holds as', label(legalEntityOwnershipTypeLabels, d.legalEntityOwnershipType)],
  ],
  profiles: (d) => [
    ['Individual profiles', ids(d.individualProfiles)],
    ['Legal entity profile', text(d.legalEntityProfile)],
  ],
  representations: (d) =>
    representationKey.options.map((key) => [
      representationTexts[key],
      d[key] === true ? 'Confirmed' : d[key] === undefined ? null : 'Not confirmed',
    ]),
  purpose: (d) => [
    ['Investment goals', labelList(financialGoalLabels, d.investmentGoals)],
    ['Source of funds', label(sourceOfFundsLabels, d.sourceOfFunds)],
    ['Other source', text(d.otherSource)],
  ],
  communication: (d) => [
    ['E-mail updates', yesNo(d.emailUpdates)],
    ['Text message updates', yesNo(d.smsUpdates)],
    ['Statements', label(statementDeliveryLabels, d.statementDelivery)],
    ['Tax documents electronically', yesNo(d.electronicTaxDocuments)],
  ],
  qualification: (d) => [
    ['Qualifies by', label(QUALIFICATION_BASIS_LABELS, d.basis)],
    ['Accreditation application', text(d.accreditationApplicationId)],
    ['Self-certified', d.basis === 'self-certified' ? yesNo(d.selfCertified) : null],
  ],
  'financial-account': (d) => [['Financial account', text(d.financialAccountId)]],
  distribution: (d) => [
    ['Method', label(distributionMethodLabels, d.method)],
    ['Receiving account', text(d.financialAccountId)],
  ],
  esignature: (d) => [
    ['Signed', typeof d.signedAt === 'string' ? formatDateTime(d.signedAt) : null],
    ['Signed agreement', text(d.signedDocumentId)],
    ['Certificate of completion', text(d.certificateDocumentId)],
  ],
  summary: (d) => [['Submitted', yesNo(d.submitted)]],
};

/** A step of another kind of workflow: its plain values as they are stored. */
function plainRows(d: Data): [string, string | null][] {
  return Object.entries(d).map(([key, v]) => [key, yesNo(v) ?? text(v) ?? ids(v)]);
}

/** The answered part of a step's data, as label and value; unanswered fields are left out. */
export function stepAnswers(stepKey: string, data: Data): AnswerRow[] {
  const read = (READERS as Record<string, ((d: Data) => [string, string | null][]) | undefined>)[stepKey] ?? plainRows;
  return read(data).filter((row): row is [string, string] => row[1] !== null);
}
