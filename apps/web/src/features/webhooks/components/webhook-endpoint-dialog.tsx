import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, FormControlLabel, Switch } from '@mui/material';
import {
  webhookEndpointCreateBody,
  WEBHOOK_LIMITS,
  WEBHOOK_TEXTS,
  type WebhookEndpoint,
  type WebhookEndpointCreateInput,
  type WebhookEndpointWithSecret,
} from '@tessera/domain';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint.ts';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint.ts';
import type { WebhookOwner } from '../api/webhook-owner.ts';
import { WebhookEventsField } from './webhook-events-field.tsx';

type Output = z.output<typeof webhookEndpointCreateBody>;
const EMPTY: WebhookEndpointCreateInput = { url: '', description: '', events: [], enabled: true };

/**
 * The server's refusal of the address, which belongs on the URL field: a private-network or loopback target (unless the
 * server allows them), or another problem it names with 'url: '.
 */
function urlRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  if (error.message.includes(WEBHOOK_TEXTS.privateTargetRefused)) return error.message;
  return error.message.startsWith('url: ') ? error.message.slice('url: '.length) : null;
}

interface WebhookEndpointDialogProps {
  owner: WebhookOwner;
  /** 'new' adds an endpoint; an endpoint is edited; null is closed. */
  editing: WebhookEndpoint | 'new' | null;
  onClose: () => void;
  /** After adding: the endpoint with its signing secret, shown once. */
  onCreated: (created: WebhookEndpointWithSecret) => void;
}

/** 'Add endpoint' and 'Edit endpoint': URL, description, events and whether it is enabled. */
export function WebhookEndpointDialog(props: WebhookEndpointDialogProps) {
  // Mounted while open only: each opening starts from its endpoint, and the navigation guard exists only meanwhile.
  return props.editing && <EndpointForm key={props.editing === 'new' ? 'new' : props.editing._id} {...props} editing={props.editing} />;
}

function EndpointForm({ owner, editing, onClose, onCreated }: WebhookEndpointDialogProps & { editing: WebhookEndpoint | 'new' }) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateWebhookEndpoint(owner);
  const update = useUpdateWebhookEndpoint(owner);
  const pending = create.isPending || update.isPending;
  const [failure, setFailure] = useState<unknown>(null);
  const [asking, setAsking] = useState(false);
  const defaults: WebhookEndpointCreateInput =
    editing === 'new' ? EMPTY : { url: editing.url, description: editing.description, events: editing.events, enabled: editing.enabled };
  const { control, handleSubmit, setError, formState } = useForm<WebhookEndpointCreateInput, unknown, Output>({
    resolver: zodResolver(webhookEndpointCreateBody),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const values = useWatch({ control });
  const canSubmit = webhookEndpointCreateBody.safeParse(values).success && !pending;
  const dirty = formState.isDirty;

  const close = () => {
    if (pending) return;
    if (dirty) setAsking(true);
    else onClose();
  };
  const refused = (error: unknown) => {
    const onUrl = urlRefusal(error);
    if (onUrl) setError('url', { message: onUrl }, { shouldFocus: true });
    else setFailure(error);
  };
  const submit = handleSubmit((body) => {
    setFailure(null);
    if (editing === 'new')
      create.mutate(body, {
        onSuccess: (created) => {
          enqueueSnackbar(WEBHOOK_TEXTS.created, { variant: 'success' });
          onCreated(created);
        },
        onError: refused,
      });
    else
      update.mutate(
        { endpointId: editing._id, body },
        {
          onSuccess: () => {
            enqueueSnackbar(WEBHOOK_TEXTS.updated, { variant: 'success' });
            onClose();
          },
          onError: refused,
        },
      );
  });

  return (
    <FormDialog
      open
      title={editing === 'new' ? 'Add endpoint' : 'Edit endpoint'}
      onClose={close}
      onSubmit={formSubmit(submit)}
      maxWidth="sm"
      fullScreenOnPhone
      pending={pending}
      submitLabel={editing === 'new' ? 'Add endpoint' : 'Save'}
      submitDisabled={!canSubmit}
      after={
        <>
          <UnsavedChangesGuard when={dirty && !pending} />
          <ConfirmDialog
            open={asking}
            title="Unsaved Changes"
            message="You have unsaved changes. Close and discard them?"
            confirmLabel="Discard"
            cancelLabel="Keep editing"
            destructive
            onConfirm={onClose}
            onClose={() => setAsking(false)}
          />
        </>
      }
    >
      <FormTextField
        control={control}
        name="url"
        label="URL"
        type="url"
        placeholder="https://crm.example.com/hooks/tessera"
        required
        fullWidth
        autoFocus
        autoComplete="off"
        helperText="Events are POSTed here as JSON, signed with the endpoint's secret"
        slotProps={{ htmlInput: { maxLength: WEBHOOK_LIMITS.url } }}
      />
      <FormTextField
        control={control}
        name="description"
        label="Description"
        fullWidth
        autoComplete="off"
        helperText="Optional: what receives these events"
        slotProps={{ htmlInput: { maxLength: WEBHOOK_LIMITS.description } }}
      />
      <WebhookEventsField control={control} name="events" institution={owner.institutionId !== undefined} />
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value ?? true} onChange={(e) => field.onChange(e.target.checked)} />}
            label="Enabled"
          />
        )}
      />
      {failure !== null && <Alert severity="error">{errorMessage(failure)}</Alert>}
    </FormDialog>
  );
}
