import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import {
  apiKeyCreateBody,
  apiKeyKindLabels,
  API_KEY_LABEL_MAX,
  type ApiKeyCreated,
  type ApiKeyCreateInput,
  type ApiKeyKind,
} from '@tessera/domain';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client.ts';
import type { ApiKeyOwner } from '../api/api-key-owner.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';

interface GenerateApiKeyDialogProps {
  owner: ApiKeyOwner;
  /** What each kind of key does for this owner, shown above the label. */
  help: Record<ApiKeyKind, string>;
  kind: ApiKeyKind | null;
  onClose: () => void;
  onCreated: (key: ApiKeyCreated) => void;
}

/** Asks for an optional label, then generates the key. */
export function GenerateApiKeyDialog({ owner, help, kind, onClose, onCreated }: GenerateApiKeyDialogProps) {
  const titleId = useId();
  const create = useCreateApiKey(owner);
  const { register, handleSubmit, reset, formState } = useForm<ApiKeyCreateInput>({
    resolver: zodResolver(apiKeyCreateBody),
    defaultValues: { label: '' },
  });
  const close = () => {
    if (create.isPending) return;
    reset();
    create.reset();
    onClose();
  };
  const submit = handleSubmit((body) =>
    create.mutateAsync({ kind: kind!, body }).then(
      (created) => {
        reset();
        create.reset();
        onCreated(created);
      },
      () => undefined,
    ),
  );

  return (
    <Dialog open={kind !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{kind ? `Generate ${apiKeyKindLabels[kind].toLowerCase()} key` : ''}</DialogTitle>
        <DialogContent>
          {kind && <DialogContentText sx={{ mb: 2 }}>{help[kind]}</DialogContentText>}
          <TextField
            {...register('label')}
            label="Label (optional)"
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: API_KEY_LABEL_MAX } }}
            error={Boolean(formState.errors.label)}
            helperText={formState.errors.label?.message ?? 'Say where the key is used, e.g. "CRM sync"'}
          />
          {create.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(create.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Generate
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
