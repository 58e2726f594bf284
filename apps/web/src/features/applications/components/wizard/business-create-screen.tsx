import { zodResolver } from '@hookform/resolvers/zod';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  businessCreateBody,
  businessTypeLabels,
  DEFAULT_COUNTRY,
  type Business,
  type BusinessCreateBody,
  type BusinessCreateInput,
} from '@tessera/domain';
import { type Control, Controller, useForm, useFormState } from 'react-hook-form';
import { FormMaskedInput } from '../../../../components/form-masked-input.tsx';
import { FormTextField } from '../../../../components/form-text-field.tsx';
import { CurrencyInput } from '../../../../components/masked-input.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useSnackbar } from '../../../../lib/toast.tsx';
import { useCreateBusiness } from '../../api/create-business.ts';
import { CountryField } from './country-field.tsx';
import { QuestionFrame } from './question-frame.tsx';

interface BusinessCreateScreenProps {
  /** The caller's businesses, to pick a parent from. */
  businesses: Business[];
  onCreated: (business: Business) => void;
  onCancel: () => void;
}

const EMPTY: BusinessCreateBody = {
  name: '',
  dba: '',
  netWorth: undefined as unknown as number,
  revenue: undefined as unknown as number,
  ein: '',
  businessType: '' as BusinessCreateBody['businessType'],
  line1: '',
  line2: '',
  city: '',
  state: '',
  zip: '',
  country: DEFAULT_COUNTRY,
  website: '',
  email: '',
  phone: '',
  parent: null,
};

/** Cancel and Create; Create waits for every required field (001 §5). Its own component, so typing re-renders only it. */
function CreateActions({
  control,
  pending,
  onCancel,
}: {
  control: Control<BusinessCreateBody, unknown, BusinessCreateInput>;
  pending: boolean;
  onCancel: () => void;
}) {
  const { isValid } = useFormState({ control });
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Button variant="outlined" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" disabled={!isValid || pending} loading={pending}>
        Create
      </Button>
    </Stack>
  );
}

/**
 * 001 §5 create business: name, DBA, net worth, revenue, EIN, type and address (line 1, city, state, zip) required,
 * Create disabled until they are; currency masks for net worth and revenue; phone in the US format by default.
 */
export function BusinessCreateScreen({ businesses, onCreated, onCancel }: BusinessCreateScreenProps) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateBusiness();
  const { control, handleSubmit } = useForm<BusinessCreateBody, unknown, BusinessCreateInput>({
    resolver: zodResolver(businessCreateBody),
    mode: 'onChange',
    defaultValues: EMPTY,
  });

  const submit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (business) => {
        enqueueSnackbar(`Created business: ${business.name}`, { variant: 'success' });
        onCreated(business);
      },
      onError: () => enqueueSnackbar(`Error creating business: ${values.name}`, { variant: 'error' }),
    }),
  );

  const currency = (name: 'netWorth' | 'revenue', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CurrencyInput
          label={label}
          required
          fullWidth
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={Boolean(fieldState.error) && fieldState.isTouched}
          helperText={fieldState.isTouched ? fieldState.error?.message : undefined}
        />
      )}
    />
  );

  return (
    <QuestionFrame
      title="Add a business"
      intro="Fields marked * are required. The EIN is stored encrypted and only ever shown masked."
      onSubmit={submit}
      error={create.error ? errorMessage(create.error) : null}
      actions={<CreateActions control={control} pending={create.isPending} onCancel={onCancel} />}
    >
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="name" label="Legal name" required fullWidth />
          <FormTextField control={control} name="dba" label="DBA" required fullWidth helperText="Doing business as" />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {currency('netWorth', 'Net worth')}
          {currency('revenue', 'Revenue')}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormMaskedInput control={control} name="ein" mask="ein" label="EIN" required fullWidth />
          <FormTextField control={control} name="businessType" label="Business type" select required fullWidth>
            {Object.entries(businessTypeLabels).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, pt: 1 }}>
          Address
        </Typography>
        <FormTextField control={control} name="line1" label="Address line 1" required fullWidth autoComplete="address-line1" />
        <FormTextField control={control} name="line2" label="Address line 2" fullWidth autoComplete="address-line2" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="city" label="City" required fullWidth autoComplete="address-level2" />
          <FormTextField control={control} name="state" label="State" required fullWidth autoComplete="address-level1" />
          <FormTextField control={control} name="zip" label="Zip" required fullWidth autoComplete="postal-code" />
        </Stack>
        <CountryField control={control} name="country" />
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, pt: 1 }}>
          Contact (optional)
        </Typography>
        <FormTextField control={control} name="website" label="Website" fullWidth type="url" placeholder="https://" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="email" label="Email" fullWidth type="email" />
          <FormMaskedInput control={control} name="phone" mask="phone" label="Phone" fullWidth helperText="US number" />
        </Stack>
        {businesses.length > 0 && (
          <Controller
            control={control}
            name="parent"
            render={({ field }) => (
              <TextField
                select
                label="Parent business"
                fullWidth
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value || null)}
                helperText="If it belongs to another of your businesses"
              >
                <MenuItem value="">None</MenuItem>
                {businesses.map((b) => (
                  <MenuItem key={b._id} value={b._id}>
                    {b.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        )}
      </Stack>
    </QuestionFrame>
  );
}
