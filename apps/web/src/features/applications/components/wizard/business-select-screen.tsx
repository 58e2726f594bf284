import Add from '@mui/icons-material/Add';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { businessTypeLabels, type Business } from '@tessera/domain';
import { useState } from 'react';
import { SkeletonList } from '../../../../components/skeleton-list.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useBusinesses } from '../../api/list-businesses.ts';
import { BusinessCreateScreen } from './business-create-screen.tsx';
import { QuestionFrame } from './question-frame.tsx';
import { useQuestionForm } from './use-question-form.ts';
import { ChoiceField } from './wizard-fields.tsx';

export const NO_BUSINESSES = "Looks like you haven't added any businesses yet...";

/**
 * 001 §4 business select: one of the caller's businesses must be chosen (Next disabled if businesses exist and none is
 * chosen, 001 §5). 'Add business' opens business create over this screen; a created business comes back chosen.
 */
export function BusinessSelectScreen({ startCreating = false }: { startCreating?: boolean }) {
  const { control, submit, canSubmit, form } = useQuestionForm('business-select', (application) => ({
    businessId: application.business ?? undefined,
  }));
  const businesses = useBusinesses();
  const [creating, setCreating] = useState(startCreating);
  const list = businesses.data?.data ?? [];

  const created = (business: Business) => {
    setCreating(false);
    form.setValue('businessId', business._id, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
  };

  if (creating) return <BusinessCreateScreen businesses={list} onCreated={created} onCancel={() => setCreating(false)} />;

  return (
    <QuestionFrame
      title="Which business is applying?"
      intro="Choose the business, or add it if it is not listed yet."
      onSubmit={submit}
      canSubmit={canSubmit}
    >
      <Stack spacing={2}>
        {businesses.isPending ? (
          <SkeletonList rows={3} />
        ) : businesses.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void businesses.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(businesses.error)}
          </Alert>
        ) : list.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{NO_BUSINESSES}</Typography>
        ) : (
          <ChoiceField
            control={control}
            name="businessId"
            label="Your businesses"
            options={list.map((b) => ({ value: b._id, label: b.name, description: `${b.dba} · ${businessTypeLabels[b.businessType]}` }))}
          />
        )}
        <Button startIcon={<Add />} variant="outlined" onClick={() => setCreating(true)} sx={{ alignSelf: 'flex-start' }}>
          Add business
        </Button>
      </Stack>
    </QuestionFrame>
  );
}
