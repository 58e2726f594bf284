import {
  distributionMethodLabels,
  financialGoalLabels,
  individualOwnershipTypeLabels,
  investorTypeLabels,
  legalEntityOwnershipTypeLabels,
  qualificationBasisLabels,
  representationKey,
  retirementAccountTypeLabels,
  sourceOfFundsLabels,
  statementDeliveryLabels,
  type InvestmentStepData,
  type InvestmentStepKey,
} from '@tessera/domain';
import { formatDateTime } from '../../../../lib/format.ts';
import { formatMoney } from '../../../../lib/format-number.ts';

/** Names for the ids a step saved (the caller's profiles and accounts), where they are known. */
export interface SummaryNames {
  profiles: ReadonlyMap<string, string>;
  accounts: ReadonlyMap<string, string>;
}

const onOff = (value: boolean | undefined) => (value === false ? 'Off' : 'On');
const name = (names: ReadonlyMap<string, string>, id: string | null | undefined) => (id ? (names.get(id) ?? 'Chosen account') : '-');

/**
 * What a completed step's data says, as label and value lines for the summary (labels from the domain, amounts through
 * lib/format-number). A step's data comes from the server as it was saved; missing parts read '-'.
 */
export function summaryLines(key: InvestmentStepKey, raw: Record<string, unknown>, names: SummaryNames): [string, string][] {
  switch (key) {
    case 'diligence': {
      const d = raw as Partial<InvestmentStepData['diligence']>;
      return [
        ['Documents viewed', String(d.viewedDocuments?.length ?? 0)],
        ['Review confirmed', d.diligenceConfirm ? 'Yes' : 'No'],
      ];
    }
    case 'contribution': {
      const d = raw as Partial<InvestmentStepData['contribution']>;
      return [
        ['Class', d.unitClass ?? '-'],
        ...(d.unitQuantity ? ([['Units', String(d.unitQuantity)]] as [string, string][]) : []),
        ['Amount', formatMoney(d.amount)],
      ];
    }
    case 'investor-type': {
      const d = raw as Partial<InvestmentStepData['investor-type']>;
      return [['Investor type', d.investorType ? investorTypeLabels[d.investorType] : '-']];
    }
    case 'ownership': {
      const d = raw as Partial<InvestmentStepData['ownership']>;
      const lines: [string, string][] = [];
      if (d.individualOwnershipType) lines.push(['Ownership', individualOwnershipTypeLabels[d.individualOwnershipType]]);
      if (d.individualRetirementAccountType)
        lines.push(['Retirement account', retirementAccountTypeLabels[d.individualRetirementAccountType]]);
      if (d.legalEntityOwnershipType) lines.push(['Entity holds as', legalEntityOwnershipTypeLabels[d.legalEntityOwnershipType]]);
      return lines.length > 0 ? lines : [['Ownership', '-']];
    }
    case 'profiles': {
      const d = raw as Partial<InvestmentStepData['profiles']>;
      const people = (d.individualProfiles ?? []).map((id) => names.profiles.get(id) ?? 'A profile');
      return [
        ...(people.length > 0 ? ([['Individual profiles', people.join(', ')]] as [string, string][]) : []),
        ...(d.legalEntityProfile ? ([['Legal entity', 'Chosen legal entity']] as [string, string][]) : []),
      ];
    }
    case 'representations': {
      const confirmed = representationKey.options.filter((k) => raw[k] === true).length;
      return [['Statements confirmed', `${confirmed} of ${representationKey.options.length}`]];
    }
    case 'purpose': {
      const d = raw as Partial<InvestmentStepData['purpose']>;
      const source = d.sourceOfFunds ? sourceOfFundsLabels[d.sourceOfFunds] : '-';
      return [
        ['Investment goals', (d.investmentGoals ?? []).map((g) => financialGoalLabels[g]).join(', ') || '-'],
        ['Source of funds', d.sourceOfFunds === 'other' && d.otherSource ? `${source}: ${d.otherSource}` : source],
      ];
    }
    case 'communication': {
      const d = raw as Partial<InvestmentStepData['communication']>;
      return [
        ['E-mail updates', onOff(d.emailUpdates)],
        ['SMS updates', d.smsUpdates ? 'On' : 'Off'],
        ['Statements', d.statementDelivery ? statementDeliveryLabels[d.statementDelivery] : '-'],
        ['Electronic tax documents', d.electronicTaxDocuments === false ? 'No' : 'Yes'],
      ];
    }
    case 'qualification': {
      const d = raw as Partial<InvestmentStepData['qualification']>;
      return [['Qualification', d.basis ? qualificationBasisLabels[d.basis] : '-']];
    }
    case 'financial-account': {
      const d = raw as Partial<InvestmentStepData['financial-account']>;
      return [['Invest from', name(names.accounts, d.financialAccountId)]];
    }
    case 'distribution': {
      const d = raw as Partial<InvestmentStepData['distribution']>;
      return [
        ['Method', d.method ? distributionMethodLabels[d.method] : '-'],
        ...(d.financialAccountId ? ([['Paid into', name(names.accounts, d.financialAccountId)]] as [string, string][]) : []),
      ];
    }
    case 'esignature': {
      const d = raw as Partial<InvestmentStepData['esignature']>;
      return [['Signed', d.signedAt ? formatDateTime(d.signedAt) : '-']];
    }
    case 'summary':
      return [];
  }
}
