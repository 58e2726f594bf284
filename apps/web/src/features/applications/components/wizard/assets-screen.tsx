import { Divider, Stack, Typography } from '@mui/material';
import { QuestionFrame } from './question-frame.tsx';
import { useQuestionForm } from './use-question-form.ts';
import { ConfirmField, DocumentAnswerField } from './wizard-fields.tsx';

/**
 * 001 §5 assets: an asset statement and a credit report are required, each with the date on it (statements within the
 * previous 90 days, the credit report within the last month), and all three confirmations.
 */
export function AssetsScreen() {
  const { control, submit, canSubmit, wizard } = useQuestionForm('individual-assets');
  const id = wizard.application._id;
  return (
    <QuestionFrame
      title="Show your net worth"
      intro="Your assets and liabilities should show a net worth above $1,000,000, alone or with your spouse, not counting your primary residence."
      onSubmit={submit}
      canSubmit={canSubmit}
    >
      <Stack spacing={3}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Assets
        </Typography>
        <DocumentAnswerField
          control={control}
          name="individualAssetsAssetStatement"
          applicationId={id}
          label="Asset statement"
          description="A bank, brokerage or retirement account statement dated within the previous 90 days."
          required
        />
        <DocumentAnswerField
          control={control}
          name="individualAssetsAssetAdditional"
          applicationId={id}
          label="Other asset statements (optional)"
          description="Further accounts or appraisals, dated within the previous 90 days."
        />
        <Divider />
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Liabilities
        </Typography>
        <DocumentAnswerField
          control={control}
          name="individualAssetsLiabilityCreditReport"
          applicationId={id}
          label="Credit report"
          description="A report from Equifax, Experian or TransUnion dated within the last month."
          required
        />
        <DocumentAnswerField
          control={control}
          name="individualAssetsLiabilityAdditional"
          applicationId={id}
          label="Other liabilities (optional)"
          description="Statements of debts the credit report does not show, dated within the previous 90 days."
        />
        <Divider />
        <ConfirmField
          control={control}
          name="individualAssetsConfirmCreditReportIncludesPrimaryMortgage"
          label="The credit report lists all my debts, including any mortgage on my primary residence."
        />
        <ConfirmField
          control={control}
          name="individualAssetsConfirmPrimaryMortgageFairMarket"
          label="Mortgage debt on my primary residence above the home's fair market value, and any increase in it over the last 60 days, counts as a liability."
        />
        <ConfirmField
          control={control}
          name="individualAssetsConfirmLiabilities"
          label="I have disclosed all my liabilities, and my net worth excluding my primary residence is above $1,000,000."
        />
      </Stack>
    </QuestionFrame>
  );
}
