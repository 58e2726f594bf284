import { Dialog, DialogContent, DialogTitle, MenuItem, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { INSTITUTION_SHORT_DESCRIPTION_MAX, institutionType, institutionTypeLabels, type InstitutionType } from '@tessera/domain';
import { useId, useState } from 'react';
import { CancelSubmitActions } from '../../../components/form-dialog.tsx';
import { useAfterCleared } from '../../../hooks/use-after-cleared.ts';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { preventedSubmit } from '../../../lib/form-submit.ts';
import { withDraftName, withDraftSlug } from '../../../lib/slug-draft.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useCreateInstitution } from '../api/create-institution.ts';
import { SlugField } from './slug-field.tsx';
import { useSlugCheck } from './use-slug-check.ts';

interface CreateInstitutionDialogProps {
  tenantId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (institutionId: string) => void;
}

interface Draft {
  name: string;
  slug: string;
  /** The slug was edited by hand: it no longer follows the name. */
  slugEdited: boolean;
  type: InstitutionType;
  descriptionShort: string;
}
const EMPTY: Draft = { name: '', slug: '', slugEdited: false, type: 'fund', descriptionShort: '' };

/** 'Add Institution' (?modal=create): name, slug (derived from the name until edited, checked as typed), type (default Fund) and short description. */
export function CreateInstitutionDialog({ tenantId, open, onClose, onCreated }: CreateInstitutionDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateInstitution(tenantId);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const slugState = useSlugCheck(open ? tenantId : '', draft.slug);
  const dirty = draft.name !== '' || draft.slug !== '' || draft.descriptionShort !== '' || draft.type !== 'fund';
  const guard = useUnsavedChangesGuard(open && dirty && !create.isPending);
  const shortLength = draft.descriptionShort.trim().length;
  const canCreate =
    draft.name.trim() !== '' &&
    draft.descriptionShort.trim() !== '' &&
    shortLength <= INSTITUTION_SHORT_DESCRIPTION_MAX &&
    (slugState === 'available' || slugState === 'checking') &&
    !create.isPending;

  // Move on only once the cleared form has rendered, so the unsaved-changes guard lets the navigation through.
  const afterCleared = useAfterCleared<string>(dirty, onCreated);

  const close = () => {
    if (create.isPending) return;
    setDraft(EMPTY);
    onClose();
  };
  const submit = () => {
    if (!canCreate) return;
    create.mutate(
      { name: draft.name.trim(), slug: draft.slug.trim(), type: draft.type, descriptionShort: draft.descriptionShort.trim() },
      {
        onSuccess: (institution) => {
          enqueueSnackbar('Institution created', { variant: 'success' });
          afterCleared(institution._id);
          setDraft(EMPTY);
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>Add Institution</DialogTitle>
      <DialogContent>
        <Stack component="form" noValidate spacing={2} sx={{ pt: 1 }} onSubmit={preventedSubmit(submit)}>
          <TextField
            label="Name"
            required
            fullWidth
            autoFocus
            value={draft.name}
            onChange={(e) => {
              const name = e.target.value;
              setDraft((d) => withDraftName(d, name));
            }}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <SlugField
            value={draft.slug}
            onChange={(slug) => setDraft((d) => withDraftSlug(d, slug))}
            state={slugState}
            help="Derived from the name until you edit it. A unique identifier in your organization, seen only by owners and admins."
          />
          <TextField
            select
            label="Type"
            required
            fullWidth
            value={draft.type}
            onChange={(e) => setDraft((d) => ({ ...d, type: e.target.value as InstitutionType }))}
          >
            {institutionType.options.map((type) => (
              <MenuItem key={type} value={type}>
                {institutionTypeLabels[type]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Short description"
            required
            fullWidth
            multiline
            minRows={3}
            value={draft.descriptionShort}
            onChange={(e) => setDraft((d) => ({ ...d, descriptionShort: e.target.value }))}
            error={shortLength > INSTITUTION_SHORT_DESCRIPTION_MAX}
            helperText={`${shortLength} / ${INSTITUTION_SHORT_DESCRIPTION_MAX}`}
          />
          {/* Enter in a field submits. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Stack>
      </DialogContent>
      <CancelSubmitActions onCancel={close} pending={create.isPending} submitLabel="Create" submitDisabled={!canCreate} onSubmit={submit} />
      {guard}
    </Dialog>
  );
}
