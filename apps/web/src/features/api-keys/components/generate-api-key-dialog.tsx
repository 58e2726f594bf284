import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  apiKeyCreateBody,
  apiKeyKindLabels,
  apiKeyScope,
  API_KEY_EXPIRY_PRESETS,
  API_KEY_LABEL_MAX,
  type ApiKeyCreated,
  type ApiKeyCreateInput,
  type ApiKeyKind,
} from '@tessera/domain';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import type { ApiKeyOwner } from '../api/api-key-owner.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { scopesFor } from '../scopes.ts';
import { AllowedOriginsField } from './allowed-origins-field.tsx';
import { ScopesField } from './scopes-field.tsx';

const DAY_MS = 86_400_000;
/** The expiry choices: a number of days, or 'never'. */
const expiryChoice = z.enum(API_KEY_EXPIRY_PRESETS.map((d) => (d === null ? 'never' : String(d))) as [string, ...string[]]);
const expiryLabel = (choice: string) => (choice === 'never' ? 'No expiry' : `${choice} days`);

const formSchema = (kind: ApiKeyKind) =>
  z.object({
    label: apiKeyCreateBody.shape.label,
    scopes: kind === 'private' ? z.array(apiKeyScope).min(1, 'Choose at least one scope') : z.array(apiKeyScope),
    expiry: expiryChoice,
    allowedOrigins: apiKeyCreateBody.shape.allowedOrigins,
  });
type FormValues = z.input<ReturnType<typeof formSchema>>;
type FormOutput = z.output<ReturnType<typeof formSchema>>;

/** A private key lasts 90 days unless told otherwise; a public key sits in a web page, where an expiry would break it unnoticed. */
const defaultsFor = (kind: ApiKeyKind): FormValues => ({
  label: '',
  scopes: [],
  expiry: kind === 'private' ? '90' : 'never',
  allowedOrigins: [],
});

const expiresAtFor = (expiry: string, now = Date.now()): string | null =>
  expiry === 'never' ? null : new Date(now + Number(expiry) * DAY_MS).toISOString();

export const PUBLIC_KEY_NOTE =
  'A public key can only read the public marketplace: it is meant to be embedded in web pages and grants nothing else.';

interface GenerateApiKeyDialogProps {
  owner: ApiKeyOwner;
  /** What each kind of key does for this owner, shown above the fields. */
  help: Record<ApiKeyKind, string>;
  kind: ApiKeyKind | null;
  onClose: () => void;
  onCreated: (key: ApiKeyCreated) => void;
}

/** Generates a key: a private key's scopes and expiry, a public key's allowed origins, and a label. */
export function GenerateApiKeyDialog(props: GenerateApiKeyDialogProps) {
  // Mounted while open only: the form starts afresh for each kind, and the navigation guard exists only meanwhile.
  return props.kind && <GenerateApiKeyForm {...props} kind={props.kind} />;
}

function GenerateApiKeyForm({ owner, help, kind, onClose, onCreated }: GenerateApiKeyDialogProps & { kind: ApiKeyKind }) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const create = useCreateApiKey(owner);
  const [asking, setAsking] = useState(false);
  const { register, control, handleSubmit, formState } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema(kind)),
    defaultValues: defaultsFor(kind),
  });
  const dirty = formState.isDirty;
  const expiry = useWatch({ control, name: 'expiry' });

  const close = () => {
    if (create.isPending) return;
    if (dirty) setAsking(true);
    else onClose();
  };
  const submit = handleSubmit(({ label, scopes, expiry: chosen, allowedOrigins }) => {
    const body: ApiKeyCreateInput = {
      label,
      expiresAt: expiresAtFor(chosen),
      ...(kind === 'private' ? { scopes } : { allowedOrigins }),
    };
    return create.mutateAsync({ kind, body }).then(onCreated, () => undefined);
  });

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
      <Stack component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ minHeight: 0, flex: 1 }}>
        <DialogTitle id={titleId}>{`Generate ${apiKeyKindLabels[kind].toLowerCase()} key`}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{help[kind]}</DialogContentText>
          <Stack spacing={3}>
            <TextField
              {...register('label')}
              label="Label (optional)"
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: API_KEY_LABEL_MAX } }}
              error={Boolean(formState.errors.label)}
              helperText={formState.errors.label?.message ?? 'Say where the key is used, e.g. "CRM sync"'}
            />
            {kind === 'private' ? (
              <ScopesField control={control} name="scopes" available={scopesFor(owner.institutionId !== undefined)} />
            ) : (
              <>
                <Alert severity="info">{PUBLIC_KEY_NOTE}</Alert>
                <AllowedOriginsField control={control} name="allowedOrigins" />
              </>
            )}
            <Controller
              control={control}
              name="expiry"
              render={({ field }) => (
                <Stack component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
                  <FormLabel component="legend">Expiry</FormLabel>
                  <RadioGroup {...field} row>
                    {expiryChoice.options.map((choice) => (
                      <FormControlLabel key={choice} value={choice} control={<Radio />} label={expiryLabel(choice)} />
                    ))}
                  </RadioGroup>
                  <DialogContentText variant="body2">
                    {expiry === 'never'
                      ? 'The key works until it is revoked.'
                      : `The key stops working on ${formatDate(expiresAtFor(expiry) ?? '')}.`}
                  </DialogContentText>
                </Stack>
              )}
            />
          </Stack>
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
      </Stack>
      <UnsavedChangesGuard when={dirty && !create.isPending} />
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
    </Dialog>
  );
}
