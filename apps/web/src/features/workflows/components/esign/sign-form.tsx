import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { ESIGN_CONSENT_TEXT, signSubscriptionBody, type SignatureKind, type SignSubscriptionBody } from '@tessera/domain';
import { useCallback, useId, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { formSubmit } from '../../../../lib/form-submit.ts';
import { BooleanField } from '../steps/step-fields.tsx';
import { StepRefusal } from '../steps/step-refusal.tsx';
import { DrawnSignature } from './drawn-signature.tsx';

/** A handwriting face for the typed signature's preview, from what the system has. */
export const SCRIPT_FONT = "'Segoe Script', 'Brush Script MT', 'Snell Roundhand', 'Apple Chancery', 'URW Chancery L', 'Z003', cursive";

interface Form {
  signatureKind: SignatureKind;
  typedName: string | null;
  consent: boolean;
  unsignedSha256: string;
}

/** The domain's body, reading an empty name as none and dropping the typed name of a drawn signature. */
const signForm = z.preprocess((value) => {
  const form = value as Form;
  return { ...form, typedName: form.signatureKind === 'drawn' ? null : form.typedName?.trim() || null };
}, signSubscriptionBody);
// The preprocess step hides the form values behind `unknown`; the resolver still reads them as Form.
const checkSignForm = zodResolver(signForm as never) as unknown as Resolver<Form>;

/**
 * The domain schema's checks, plus the typed name's at once: zod runs the schema's cross-field rule only once the
 * fields are valid, and a person who leaves both the name and the consent empty should hear of both.
 */
const signFormResolver: Resolver<Form> = async (values, context, options) => {
  const result = await checkSignForm(values, context, options);
  if (values.signatureKind === 'typed' && !values.typedName?.trim() && Object.keys(result.errors).length > 0)
    return { values: {}, errors: { ...result.errors, typedName: { type: 'custom', message: 'Type your full name' } } };
  return result;
};

interface SignFormProps {
  formId: string;
  userId: string;
  unsignedSha256: string;
  onSign: (body: SignSubscriptionBody) => void;
}

/** How the investor signs: a typed name (the keyboard's way) or a drawn signature, with the consent to sign electronically. */
export function SignForm({ formId, userId, unsignedSha256, onSign }: SignFormProps) {
  const tabsId = useId();
  const [drawnReady, setDrawnReady] = useState(false);
  const onReady = useCallback((ready: boolean) => setDrawnReady(ready), []);
  const { control, handleSubmit, setValue, setError, clearErrors, formState } = useForm<
    Form,
    unknown,
    z.output<typeof signSubscriptionBody>
  >({
    resolver: signFormResolver as never,
    defaultValues: { signatureKind: 'typed', typedName: '', consent: false, unsignedSha256 },
  });
  const kind = useWatch({ control, name: 'signatureKind' });
  const typedName = useWatch({ control, name: 'typedName' });

  const onSubmit = handleSubmit((data) => {
    if (data.signatureKind === 'drawn' && !drawnReady) {
      setError('root', { message: 'Save your drawn signature first, or use your saved one.' });
      return;
    }
    onSign(
      data.signatureKind === 'typed'
        ? { signatureKind: 'typed', typedName: data.typedName, consent: data.consent, unsignedSha256 }
        : { signatureKind: 'drawn', typedName: null, consent: data.consent, unsignedSha256 },
    );
  });

  return (
    <Stack component="form" id={formId} noValidate spacing={2} onSubmit={formSubmit(onSubmit)}>
      <Typography component="h3" variant="h6">
        Sign
      </Typography>
      <StepRefusal message={formState.errors.root?.message} />
      <Paper variant="outlined">
        <Tabs
          value={kind}
          onChange={(_event, value: SignatureKind) => {
            setValue('signatureKind', value);
            clearErrors('root');
          }}
          aria-label="How you sign"
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="typed" label="Type" id={`${tabsId}-typed`} aria-controls={`${tabsId}-typed-panel`} />
          <Tab value="drawn" label="Draw" id={`${tabsId}-drawn`} aria-controls={`${tabsId}-drawn-panel`} />
        </Tabs>
        <Box sx={{ p: 2 }} role="tabpanel" id={`${tabsId}-${kind}-panel`} aria-labelledby={`${tabsId}-${kind}`}>
          {kind === 'typed' ? (
            <Stack spacing={2}>
              <Controller
                control={control}
                name="typedName"
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    value={field.value ?? ''}
                    label="Your full name"
                    required
                    fullWidth
                    autoComplete="name"
                    slotProps={{ htmlInput: { maxLength: 120 } }}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? 'Type your full legal name as your signature'}
                  />
                )}
              />
              <Box
                aria-hidden
                sx={{
                  bgcolor: '#fff',
                  color: '#0b1f44',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  minHeight: 88,
                  px: 2,
                  display: 'flex',
                  alignItems: 'center',
                  fontFamily: SCRIPT_FONT,
                  fontSize: { xs: 30, sm: 38 },
                  fontStyle: 'italic',
                  overflowWrap: 'anywhere',
                }}
              >
                {typedName?.trim() || ' '}
              </Box>
            </Stack>
          ) : (
            <DrawnSignature userId={userId} onReady={onReady} />
          )}
        </Box>
      </Paper>
      <BooleanField control={control} name="consent" label={ESIGN_CONSENT_TEXT} />
    </Stack>
  );
}
