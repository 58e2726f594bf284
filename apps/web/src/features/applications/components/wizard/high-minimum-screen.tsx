import { Alert, MenuItem, Stack, TextField } from '@mui/material';
import { HIGH_MINIMUM_ENTITY, HIGH_MINIMUM_INDIVIDUAL } from '@tessera/domain';
import { formatMoney } from '../../../../lib/format-number.ts';
import { Controller } from 'react-hook-form';
import { useTenant } from '../../../../lib/tenant/use-tenant.ts';
import { useMarketplaceOffers } from '../../../marketplace/index.ts';
import { QuestionFrame } from './question-frame.tsx';
import { useQuestionForm } from './use-question-form.ts';
import { ConfirmField } from './wizard-fields.tsx';

type HighMinimumQuestion = 'individual-high-minimum' | 'business-high-minimum';

const money = (amount: number) => formatMoney(amount);

/**
 * The 2025 path (SEC staff no-action letter of 12 March 2025, a tenant setting): an investment in an offer whose
 * minimum is at least $200,000 for a person ($1,000,000 for an entity), with two written statements.
 */
export function HighMinimumScreen({ questionId }: { questionId: HighMinimumQuestion }) {
  const { control, submit, canSubmit } = useQuestionForm(questionId);
  const business = questionId === 'business-high-minimum';
  const threshold = business ? HIGH_MINIMUM_ENTITY : HIGH_MINIMUM_INDIVIDUAL;
  const { tenantId } = useTenant();
  // The list filters on the first class's minimum; the offer's own minimum (lowest of its classes) must reach it too.
  const offers = useMarketplaceOffers(tenantId ?? '', { investmentMin: threshold, limit: 100, sort: 'minimumInvestment' });
  const eligible = (offers.data?.data ?? []).filter((offer) => (offer.minimumInvestment ?? 0) >= threshold);
  const subject = business ? 'the business' : 'you';
  return (
    <QuestionFrame
      title="High minimum investment"
      intro={`Under the SEC staff letter of 12 March 2025, a sponsor may rely on written statements when ${subject} invest${business ? 's' : ''} at least ${money(threshold)} in one offer. Choose the offer and confirm both statements.`}
      onSubmit={submit}
      canSubmit={canSubmit}
    >
      <Stack spacing={3}>
        {offers.isSuccess && eligible.length === 0 ? (
          <Alert severity="info">
            No offer in this marketplace has a minimum investment of {money(threshold)} or more yet. Go back to choose another way to
            qualify.
          </Alert>
        ) : (
          <Controller
            control={control}
            name="highMinimumOfferId"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Offer"
                required
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                disabled={offers.isPending}
                error={Boolean(fieldState.error) && fieldState.isTouched}
                helperText={
                  offers.isError
                    ? 'The offers could not be loaded. Try again later.'
                    : `Offers with a minimum investment of ${money(threshold)} or more`
                }
              >
                {eligible.map((offer) => (
                  <MenuItem key={offer._id} value={offer._id}>
                    {`${offer.name} · ${offer.institution.name} · min. ${money(offer.minimumInvestment ?? 0)}`}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        )}
        <ConfirmField
          control={control}
          name="highMinimumAccreditedStatement"
          label={business ? 'The business is an accredited investor.' : 'I am an accredited investor.'}
        />
        <ConfirmField
          control={control}
          name="highMinimumNoFinancingStatement"
          label={
            business
              ? 'The minimum investment is not financed, in whole or in part, by a third party for the purpose of this investment.'
              : 'My minimum investment is not financed, in whole or in part, by a third party for the purpose of this investment.'
          }
        />
      </Stack>
    </QuestionFrame>
  );
}
