import CheckCircle from '@mui/icons-material/CheckCircle';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  DEFAULT_GOV_PHOTO_ID_TYPE,
  GOV_ID_TEXTS,
  govPhotoIdCreateBody,
  govPhotoIdType,
  govPhotoIdTypeLabels,
  SUPPORT_EMAIL,
  US_STATES,
  type GovPhotoId,
  type GovPhotoIdCreateBody,
  type GovPhotoIdType,
} from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { uploadDocument } from '../../documents/index.ts';
import { useCreateGovPhotoId } from '../api/create-gov-photo-id.ts';
import { useAddGovPhotoIdToProfile } from '../../individual-profiles/index.ts';

interface AddGovIdDialogProps {
  open: boolean;
  individualProfileId: string;
  onClose: () => void;
  onCreated: (created: GovPhotoId) => void;
}

type Side = 'front' | 'back';
type Upload =
  | { state: 'idle' }
  | { state: 'uploading'; name: string }
  | { state: 'done'; name: string; id: string }
  | { state: 'failed'; name: string; message: string };

const EMPTY = {
  type: DEFAULT_GOV_PHOTO_ID_TYPE as GovPhotoIdType,
  number: '',
  expirationDate: '',
  issuingCountry: DEFAULT_COUNTRY,
  issuingState: '',
  issuingDate: '',
  issuingAuthority: '',
};

function UploadField({ side, upload, onPick }: { side: Side; upload: Upload; onPick: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const label = side === 'front' ? 'Front of the ID' : 'Back of the ID';
  return (
    <Stack spacing={0.5}>
      <input
        ref={input}
        type="file"
        hidden
        accept="image/*,application/pdf"
        aria-label={label}
        onChange={(e) => e.target.files?.[0] && onPick(e.target.files[0])}
      />
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Button
          variant="outlined"
          startIcon={<UploadFile />}
          onClick={() => input.current?.click()}
          loading={upload.state === 'uploading'}
          sx={{ flexShrink: 0 }}
        >
          {label} *
        </Button>
        {upload.state === 'done' && <CheckCircle color="success" fontSize="small" aria-label="Uploaded" />}
        <Typography variant="body2" noWrap sx={{ minWidth: 0, color: 'text.secondary' }}>
          {upload.state === 'idle' ? 'Image or PDF' : upload.name}
        </Typography>
      </Stack>
      {upload.state === 'failed' && (
        <Alert severity="error" variant="outlined">
          {upload.message} If this keeps happening, contact <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>.
        </Alert>
      )}
    </Stack>
  );
}

/** §2/§5 'Add ID': all nine fields, both pictures uploaded first; Create stays disabled until every one is set. */
export function AddGovIdDialog({ open, individualProfileId, onClose, onCreated }: AddGovIdDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateGovPhotoId(individualProfileId);
  // §4: the new ID joins the profile's list.
  const linkToProfile = useAddGovPhotoIdToProfile(individualProfileId);
  const [values, setValues] = useState(EMPTY);
  const [uploads, setUploads] = useState<Record<Side, Upload>>({ front: { state: 'idle' }, back: { state: 'idle' } });
  const set = (key: keyof typeof EMPTY, value: string) => setValues((v) => ({ ...v, [key]: value }));

  const body: GovPhotoIdCreateBody = {
    ...values,
    documentFrontId: uploads.front.state === 'done' ? uploads.front.id : '',
    documentBackId: uploads.back.state === 'done' ? uploads.back.id : '',
    individualProfile: individualProfileId,
  };
  const check = govPhotoIdCreateBody.safeParse(body);
  const busy = create.isPending || linkToProfile.isPending || uploads.front.state === 'uploading' || uploads.back.state === 'uploading';
  const dateError =
    !check.success &&
    check.error.issues.find((i) => i.path[0] === 'expirationDate' && values.expirationDate && values.issuingDate)?.message;

  const pick = async (side: Side, file: File) => {
    setUploads((u) => ({ ...u, [side]: { state: 'uploading', name: file.name } }));
    try {
      const doc = await uploadDocument({
        file,
        metadata: { name: `Government photo ID (${side})`, type: 'GOVERNMENT_ID', entityType: 'USER' },
      });
      setUploads((u) => ({ ...u, [side]: { state: 'done', name: file.name, id: doc._id } }));
    } catch (error) {
      setUploads((u) => ({ ...u, [side]: { state: 'failed', name: file.name, message: errorMessage(error) } }));
    }
  };

  const close = () => {
    setValues(EMPTY);
    setUploads({ front: { state: 'idle' }, back: { state: 'idle' } });
    onClose();
  };

  const submit = () => {
    if (!check.success) return;
    create.mutate(check.data, {
      onSuccess: (created) => {
        // Both outcomes of the link are handled here: nothing waits for it.
        void linkToProfile.mutateAsync(created._id).then(
          () => {
            enqueueSnackbar(GOV_ID_TEXTS.submitted, { variant: 'success' });
            onCreated(created);
            close();
          },
          (error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
        );
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Add ID</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select required label="Type" value={values.type} onChange={(e) => set('type', e.target.value)}>
            {govPhotoIdType.options.map((t) => (
              <MenuItem key={t} value={t}>
                {govPhotoIdTypeLabels[t]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            required
            label="Number"
            value={values.number}
            onChange={(e) => set('number', e.target.value)}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              required
              fullWidth
              type="date"
              label="Issuing Date"
              value={values.issuingDate}
              onChange={(e) => set('issuingDate', e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              required
              fullWidth
              type="date"
              label="Expiration Date"
              value={values.expirationDate}
              onChange={(e) => set('expirationDate', e.target.value)}
              error={Boolean(dateError)}
              helperText={dateError}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              required
              fullWidth
              label="Issuing Country"
              value={values.issuingCountry}
              onChange={(e) => setValues((v) => ({ ...v, issuingCountry: e.target.value, issuingState: '' }))}
            >
              {COUNTRIES.map((c) => (
                <MenuItem key={c.code} value={c.code}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
            {values.issuingCountry === 'US' ? (
              <TextField
                select
                required
                fullWidth
                label="Issuing State"
                value={values.issuingState}
                onChange={(e) => set('issuingState', e.target.value)}
              >
                {US_STATES.map((s) => (
                  <MenuItem key={s.code} value={s.code}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                required
                fullWidth
                label="Issuing State"
                value={values.issuingState}
                onChange={(e) => set('issuingState', e.target.value)}
              />
            )}
          </Stack>
          <TextField
            required
            label="Issuing Authority"
            value={values.issuingAuthority}
            onChange={(e) => set('issuingAuthority', e.target.value)}
          />
          <UploadField side="front" upload={uploads.front} onPick={(file) => void pick('front', file)} />
          <UploadField side="back" upload={uploads.back} onPick={(file) => void pick('back', file)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={!check.success || busy} loading={create.isPending}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
