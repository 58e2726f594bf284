import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { Button, Card, CardContent, FormControlLabel, IconButton, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material';
import { brandingMessaging, newObjectId, type BrandingMessaging, type TenantPublic } from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useEffect } from 'react';
import { Controller, useFieldArray, useForm, type Control } from 'react-hook-form';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateBrandingMessaging } from '../api/update-branding-messaging.ts';
import { BrandingPage } from './branding-page.tsx';

export const MAX_PROMO_CARDS = 6;
export const MAX_PROMO_BUTTONS = 2;

function CardButtons({ control, index }: { control: Control<BrandingMessaging>; index: number }) {
  const buttons = useFieldArray({ control, name: `promoCards.${index}.buttons` });
  return (
    <Stack spacing={1.5}>
      {buttons.fields.map((button, b) => (
        <Stack key={button.id} direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Controller
            control={control}
            name={`promoCards.${index}.buttons.${b}.label`}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                size="small"
                label={`Button ${b + 1} label`}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                sx={{ flex: 1 }}
              />
            )}
          />
          <Controller
            control={control}
            name={`promoCards.${index}.buttons.${b}.url`}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                size="small"
                label={`Button ${b + 1} link`}
                placeholder="/user, https://… or mailto:…"
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                sx={{ flex: 2 }}
              />
            )}
          />
          <Tooltip title="Remove button">
            <IconButton
              aria-label={`Remove button ${b + 1}`}
              onClick={() => buttons.remove(b)}
              sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
            >
              <DeleteOutline />
            </IconButton>
          </Tooltip>
        </Stack>
      ))}
      <div>
        <Button
          size="small"
          startIcon={<Add />}
          disabled={buttons.fields.length >= MAX_PROMO_BUTTONS}
          onClick={() => buttons.append({ label: '', url: '' })}
        >
          Add button
        </Button>
      </div>
    </Stack>
  );
}

/** §branding/messaging: the investor dashboard's welcome title and text, and its promo cards. */
export function MessagingForm({ tenant }: { tenant: TenantPublic }) {
  const saved = tenant.branding.messaging;
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateBrandingMessaging(tenant._id);
  const { control, handleSubmit, reset, formState } = useForm<BrandingMessaging>({
    resolver: zodResolver(brandingMessaging),
    defaultValues: saved,
  });
  const cards = useFieldArray({ control, name: 'promoCards', keyName: 'key' });
  const guard = useUnsavedChangesGuard(formState.isDirty && !update.isPending);

  useEffect(() => {
    if (!formState.isDirty) reset(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server copy changes
  }, [saved]);

  const onSubmit = handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (result) => {
        reset(result.branding.messaging);
        enqueueSnackbar('Branding updated', { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    }),
  );

  return (
    <Stack component="form" noValidate onSubmit={formSubmit(onSubmit)} aria-label="Messaging" spacing={3} sx={{ maxWidth: 800 }}>
      {guard}
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
            Welcome
          </Typography>
          <Stack spacing={2}>
            <Controller
              control={control}
              name="welcomeTitle"
              render={({ field, fieldState }) => (
                <TextField {...field} label="Welcome title" error={!!fieldState.error} helperText={fieldState.error?.message} />
              )}
            />
            <Controller
              control={control}
              name="welcomeText"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label="Welcome text"
                  multiline
                  minRows={3}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          </Stack>
        </CardContent>
      </Card>

      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <div>
          <Typography component="h2" variant="h6">
            Promo cards
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {`Shown on the investor dashboard, in this order. Up to ${MAX_PROMO_CARDS}.`}
          </Typography>
        </div>
        <Button
          startIcon={<Add />}
          variant="outlined"
          disabled={cards.fields.length >= MAX_PROMO_CARDS}
          onClick={() => cards.append({ _id: newObjectId(), title: '', body: '', buttons: [], hidden: false })}
        >
          Add card
        </Button>
      </Stack>
      {formState.errors.promoCards?.message && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
          {formState.errors.promoCards.message}
        </Typography>
      )}
      {cards.fields.length === 0 && (
        <Typography sx={{ color: 'text.secondary', py: 2, textAlign: 'center' }}>No promo cards yet</Typography>
      )}
      {cards.fields.map((card, index) => (
        <Card key={card.key} variant="outlined" component="section" aria-label={`Promo card ${index + 1}`}>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
                {`Card ${index + 1}`}
              </Typography>
              <Controller
                control={control}
                name={`promoCards.${index}.hidden`}
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={!field.value} onChange={(_, shown) => field.onChange(!shown)} />}
                    label={field.value ? 'Hidden' : 'Shown'}
                  />
                )}
              />
              <Tooltip title="Move up">
                <span>
                  <IconButton aria-label={`Move card ${index + 1} up`} disabled={index === 0} onClick={() => cards.move(index, index - 1)}>
                    <ArrowUpward />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Move down">
                <span>
                  <IconButton
                    aria-label={`Move card ${index + 1} down`}
                    disabled={index === cards.fields.length - 1}
                    onClick={() => cards.move(index, index + 1)}
                  >
                    <ArrowDownward />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Remove card">
                <IconButton aria-label={`Remove card ${index + 1}`} onClick={() => cards.remove(index)}>
                  <DeleteOutline />
                </IconButton>
              </Tooltip>
            </Stack>
            <Stack spacing={2}>
              <Controller
                control={control}
                name={`promoCards.${index}.title`}
                render={({ field, fieldState }) => (
                  <TextField {...field} label="Title" error={!!fieldState.error} helperText={fieldState.error?.message} />
                )}
              />
              <Controller
                control={control}
                name={`promoCards.${index}.body`}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    label="Body"
                    multiline
                    minRows={2}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
              <CardButtons control={control} index={index} />
            </Stack>
          </CardContent>
        </Card>
      ))}

      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button disabled={!formState.isDirty || update.isPending} onClick={() => reset(saved)}>
          Reset
        </Button>
        <Button type="submit" variant="contained" loading={update.isPending} disabled={!formState.isDirty}>
          Save
        </Button>
      </Stack>
    </Stack>
  );
}

/** /tenant/branding/messaging */
export function BrandingMessagingPage() {
  return (
    <BrandingPage title="Messaging" subtitle="The welcome text and promo cards the investor dashboard shows.">
      {(tenant) => <MessagingForm key={tenant._id} tenant={tenant} />}
    </BrandingPage>
  );
}
