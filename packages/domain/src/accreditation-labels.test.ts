import { describe, expect, it } from 'vitest';
import { isAnsweredQuestion, questionAnswers, accreditationQuestionId } from './accreditation-flow.ts';
import {
  accreditationAnswerLabels,
  accreditationAnswerText,
  accreditationStatusDisplay,
  applicationStatusDisplay,
  completedAnswers,
  questionAnswerKeys,
} from './accreditation-labels.ts';

describe('accreditation answer labels (001 §3)', () => {
  it('names every answer key a wizard screen asks', () => {
    const asked = accreditationQuestionId.options.filter(isAnsweredQuestion).flatMap((q) => Object.keys(questionAnswers[q].shape));
    expect(Object.keys(accreditationAnswerLabels).sort()).toEqual([...new Set(asked)].sort());
  });

  it('writes values in words: Yes/No, listed values by their label, ids never', () => {
    expect(accreditationAnswerText('individualLicenseConfirm', true)).toBe('Yes');
    expect(accreditationAnswerText('individualLicenseConfirm', false)).toBe('No');
    expect(accreditationAnswerText('individualLicenseType', 'series-65')).toBe('Series 65 (Investment Adviser Representative)');
    expect(accreditationAnswerText('identity', 'business')).toBe('Business');
    expect(accreditationAnswerText('individualIncomeMethod', 'eval-request')).toBe('Asked an evaluator for a letter');
    expect(accreditationAnswerText('individualLicenseCrd', '7654321')).toBe('7654321');
    expect(accreditationAnswerText('businessId', '6745a1c2e4b0a1b2c3d4e5fa')).toBeNull();
    expect(accreditationAnswerText('individualAssetsAssetStatement', ['6745a1c2e4b0a1b2c3d4e5fa'])).toBeNull();
  });

  it('lists the answers in the order the screens were completed, skipping empty and left-over ones', () => {
    expect(questionAnswerKeys('individual-license')).toEqual(['individualLicenseType', 'individualLicenseCrd', 'individualLicenseConfirm']);
    expect(questionAnswerKeys('individual-submitted')).toEqual([]);
    const answers = completedAnswers(['identity', 'individual-method', 'individual-assets'], {
      individualMethod: 'assets',
      identity: 'individual',
      individualAssetsAssetStatement: ['6745a1c2e4b0a1b2c3d4e5fa'],
      individualAssetsAssetAdditional: [],
      individualLicenseType: 'series-7',
    });
    expect(answers.map((a) => a.key)).toEqual(['identity', 'individualMethod', 'individualAssetsAssetStatement']);
  });

  it('reads an expired approval as expired, to reviewers and applicants alike', () => {
    expect(applicationStatusDisplay({ status: 'approved', expired: true }).label).toBe('Expired');
    expect(applicationStatusDisplay({ status: 'submitted', expired: false }).label).toBe('Submitted');
    expect(accreditationStatusDisplay({ status: 'approved', expired: true }).label).toBe('Accreditation Expired');
    expect(accreditationStatusDisplay({ status: 'approved', expired: false }).label).toBe('Verified Accredited Investor');
  });
});
