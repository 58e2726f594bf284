import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, MenuItem, Stack, TextField } from '@mui/material';
import {
  fiduciaryRole,
  fiduciaryRoleLabels,
  individualProfileName,
  stakeholderBody,
  stakeholderType,
  stakeholderTypeLabels,
  EQUITY_MAX,
  type FiduciaryRole,
  type Stakeholder,
  type StakeholderType,
} from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useId, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PercentInput } from '../../../components/masked-input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useIndividualProfiles } from '../../individual-profiles/index.ts';
import { useCreateStakeholder } from '../api/create-stakeholder.ts';
import { useUpdateStakeholder } from '../api/update-stakeholder.ts';

interface StakeholderDraft {
  individualProfile: string | null;
  stakeholderType: StakeholderType;
  title: string;
  equity: number | null;
  fiduciaryRole: FiduciaryRole | null;
}

const EMPTY_STAKEHOLDER: StakeholderDraft = {
  individualProfile: null,
  stakeholderType: 'beneficial-owner',
  title: '',
  equity: null,
  fiduciaryRole: null,
};

const draftOf = (s: Stakeholder): StakeholderDraft => ({
  individualProfile: s.individualProfile,
  stakeholderType: s.stakeholderType,
  title: s.title ?? '',
  equity: s.equity,
  fiduciaryRole: s.fiduciaryRole,
});

interface StakeholderDialogProps {
  profileId: string;
  /** The stakeholder being edited; null adds a new one. */
  editing: Stakeholder | null;
  open: boolean;
  onClose: () => void;
  /** Edit mode only: asks to delete this stakeholder. */
  onDelete?: (stakeholder: Stakeholder) => void;
}

/**
 * §5: a beneficial owner needs an individual profile, a title and equity above 0 (percent capped at 100);
 * a fiduciary needs an individual profile and a fiduciary role. Save and delete are disabled without an individual profile.
 */
export function StakeholderDialog({ profileId, editing, open, onClose, onDelete }: StakeholderDialogProps) {
  const titleId = useId();
  const { product = 'passport' } = useParams();
  const { enqueueSnackbar } = useSnackbar();
  const individuals = useIndividualProfiles();
  const create = useCreateStakeholder(profileId);
  const update = useUpdateStakeholder(profileId);
  const [draft, setDraft] = useState<StakeholderDraft>(editing ? draftOf(editing) : EMPTY_STAKEHOLDER);
  const [serverError, setServerError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;
  const valid = stakeholderBody.safeParse(draft).success;
  const hasProfile = Boolean(draft.individualProfile);
  const change = (patch: Partial<StakeholderDraft>) => {
    setServerError(null);
    setDraft((d) => ({ ...d, ...patch }));
  };

  const close = () => {
    if (!busy) onClose();
  };

  const save = () => {
    const body = { ...draft, individualProfile: draft.individualProfile ?? undefined };
    if (editing) {
      const name = editing.name;
      update.mutate(
        { id: editing._id, body },
        {
          onSuccess: (saved) => {
            enqueueSnackbar(`Updated ${saved.name}`, { variant: 'success' });
            onClose();
          },
          onError: (error) => {
            setServerError(errorMessage(error));
            enqueueSnackbar(`Failed to update ${name}: ${errorMessage(error)}`, { variant: 'error' });
          },
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          enqueueSnackbar('Stakeholder created successfully', { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          setServerError(errorMessage(error));
          enqueueSnackbar('Failed to create stakeholder', { variant: 'error' });
        },
      });
    }
  };

  const noProfiles = individuals.isSuccess && individuals.data.length === 0;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{editing ? `Edit ${editing.name}` : 'Add Stakeholder'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Individual profile"
            required
            fullWidth
            value={draft.individualProfile ?? ''}
            onChange={(e) => change({ individualProfile: e.target.value || null })}
            helperText={
              noProfiles ? (
                <>
                  You have no individual profiles yet.{' '}
                  <Link component={RouterLink} to={`/user/${product}/individual-profiles?modal=create`}>
                    Create one
                  </Link>
                </>
              ) : individuals.isError ? (
                errorMessage(individuals.error)
              ) : undefined
            }
            error={individuals.isError}
          >
            {(individuals.data ?? []).map((p) => (
              <MenuItem key={p._id} value={p._id}>
                {individualProfileName(p)}
              </MenuItem>
            ))}
            {/* The current individual stays shown while the list loads. */}
            {editing &&
            !individuals.data?.some((p) => p._id === draft.individualProfile) &&
            draft.individualProfile === editing.individualProfile ? (
              <MenuItem value={editing.individualProfile}>{editing.name}</MenuItem>
            ) : null}
          </TextField>
          <TextField
            select
            label="Stakeholder type"
            required
            fullWidth
            value={draft.stakeholderType}
            onChange={(e) => change({ stakeholderType: e.target.value as StakeholderType })}
          >
            {stakeholderType.options.map((type) => (
              <MenuItem key={type} value={type}>
                {stakeholderTypeLabels[type]}
              </MenuItem>
            ))}
          </TextField>
          {draft.stakeholderType === 'beneficial-owner' ? (
            <>
              <TextField label="Title" required fullWidth value={draft.title} onChange={(e) => change({ title: e.target.value })} />
              <PercentInput
                label="Equity"
                required
                fullWidth
                max={EQUITY_MAX}
                value={draft.equity}
                onChange={(equity) => change({ equity })}
                helperText="Above 0%, at most 100%"
              />
            </>
          ) : (
            <TextField
              select
              label="Fiduciary role"
              required
              fullWidth
              value={draft.fiduciaryRole ?? ''}
              onChange={(e) => change({ fiduciaryRole: (e.target.value || null) as FiduciaryRole | null })}
            >
              {fiduciaryRole.options.map((role) => (
                <MenuItem key={role} value={role}>
                  {fiduciaryRoleLabels[role]}
                </MenuItem>
              ))}
            </TextField>
          )}
          {serverError ? <Alert severity="error">{serverError}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        {editing && onDelete ? (
          <Button color="error" onClick={() => onDelete(editing)} disabled={!hasProfile || busy} sx={{ mr: 'auto' }}>
            Delete
          </Button>
        ) : null}
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={!hasProfile || !valid} loading={busy}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
