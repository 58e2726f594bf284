import { Stack } from '@mui/material';
import { licenseTypeLabels } from '@tessera/domain';
import { FormTextField } from '../../../../components/form-text-field.tsx';
import { QuestionFrame } from './question-frame.tsx';
import { useQuestionForm } from './use-question-form.ts';
import { ChoiceField, ConfirmField } from './wizard-fields.tsx';

/** 001 §5 license: type, CRD number and confirmation required (Series 7, 65, 82, 001 §9). */
export function LicenseScreen() {
  const { control, submit, canSubmit } = useQuestionForm('individual-license');
  return (
    <QuestionFrame
      title="Your professional license"
      intro="Holders of these FINRA licenses in good standing are accredited investors. We check your license on FINRA BrokerCheck with your CRD number."
      onSubmit={submit}
      canSubmit={canSubmit}
    >
      <Stack spacing={3}>
        <ChoiceField
          control={control}
          name="individualLicenseType"
          label="License"
          options={Object.entries(licenseTypeLabels).map(([value, label]) => ({ value, label }))}
        />
        <FormTextField
          control={control}
          name="individualLicenseCrd"
          label="CRD number"
          required
          helperText="Your individual CRD number, 1 to 8 digits"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
          sx={{ maxWidth: { sm: 280 } }}
        />
        <ConfirmField control={control} name="individualLicenseConfirm" label="My license is active and in good standing." />
      </Stack>
    </QuestionFrame>
  );
}
