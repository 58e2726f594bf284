import { Divider, Stack, Typography } from '@mui/material';
import { incomeYearPair } from '@tessera/domain';
import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { QuestionFrame } from './question-frame.tsx';
import { useQuestionForm } from './use-question-form.ts';
import { ConfirmField, DocumentAnswerField } from './wizard-fields.tsx';

/**
 * 001 §5 income documents: the applicant's own documents for both years of the pair (001 §9), the spouse's optional,
 * but a spouse's later year needs their earlier year too; both confirmations.
 */
export function IncomeDocUploadScreen() {
  const { control, submit, canSubmit, form, wizard } = useQuestionForm('individual-income-doc-upload');
  const { prevYear, currYear } = useMemo(() => incomeYearPair(new Date()), []);
  const spouseCurr = useWatch({ control, name: 'individualIncomeDocUploadCurrYearSpouse' });
  const spousePrev = useWatch({ control, name: 'individualIncomeDocUploadPrevYearSpouse' });
  const { trigger } = form;
  // The spouse rule sits on the earlier year's field; check it again whenever either spouse list changes.
  useEffect(() => {
    void trigger('individualIncomeDocUploadPrevYearSpouse');
  }, [spouseCurr, spousePrev, trigger]);
  const id = wizard.application._id;
  return (
    <QuestionFrame
      title="Upload your income documents"
      intro={`Tax returns, W-2s, 1099s or K-1s for ${prevYear} and ${currYear}. Upload your spouse's too if you apply on joint income.`}
      onSubmit={submit}
      canSubmit={canSubmit}
    >
      <Stack spacing={3}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Your documents
        </Typography>
        <DocumentAnswerField
          control={control}
          name="individualIncomeDocUploadPrevYearSelf"
          applicationId={id}
          label={`${prevYear} tax documents`}
          required
        />
        <DocumentAnswerField
          control={control}
          name="individualIncomeDocUploadCurrYearSelf"
          applicationId={id}
          label={`${currYear} tax documents`}
          required
        />
        <Divider />
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Your spouse&apos;s documents (optional)
        </Typography>
        <DocumentAnswerField
          control={control}
          name="individualIncomeDocUploadPrevYearSpouse"
          applicationId={id}
          label={`Spouse's ${prevYear} tax documents`}
          description={`Needed if you upload your spouse's ${currYear} documents.`}
        />
        <DocumentAnswerField
          control={control}
          name="individualIncomeDocUploadCurrYearSpouse"
          applicationId={id}
          label={`Spouse's ${currYear} tax documents`}
        />
        <Divider />
        <ConfirmField
          control={control}
          name="individualIncomeDocUploadPrevYearIncomeConfirm"
          label={`I had an individual income above $200,000, or a joint income with my spouse above $300,000, in each of ${prevYear} and ${currYear}, and I reasonably expect the same this year.`}
        />
        <ConfirmField
          control={control}
          name="individualIncomeDocUploadConfirm"
          label="The documents I uploaded are true, complete and unaltered copies."
        />
      </Stack>
    </QuestionFrame>
  );
}
