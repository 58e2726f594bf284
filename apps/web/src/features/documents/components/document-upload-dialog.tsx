import UploadFile from '@mui/icons-material/UploadFile';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { formatFileSize, UPLOAD_TOAST, type DocumentEntityType, type DocumentRecord, type DocumentType } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useEffect, useId, useRef, useState } from 'react';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useUploadDocument } from '../api/upload-document.ts';
import { DocumentFields, hasRequiredMetadata, type DocumentFieldValues } from './document-fields.tsx';

const EMPTY: DocumentFieldValues = { name: '', type: '', entityType: '', tags: [], description: '' };
const withoutExtension = (name: string) => name.replace(/\.[^.]+$/, '');

interface DocumentUploadDialogProps {
  open: boolean;
  onClose: () => void;
  onUploaded: (doc: DocumentRecord) => void;
}

/** §2 document uploader: a file, its name, type and entity type (Save disabled until all are set), tags and a description. */
export function DocumentUploadDialog({ open, onClose, onUploaded }: DocumentUploadDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const upload = useUploadDocument();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState(EMPTY);
  const uploaded = useRef<DocumentRecord | null>(null);
  const dirty = file !== null || JSON.stringify(values) !== JSON.stringify(EMPTY);
  const guard = useUnsavedChangesGuard(open && dirty && !upload.isPending);
  const canSave = file !== null && hasRequiredMetadata(values) && !upload.isPending;

  // Move on only once the cleared form has rendered, so the unsaved-changes guard lets the navigation through.
  useEffect(() => {
    const doc = uploaded.current;
    if (!doc || dirty) return;
    uploaded.current = null;
    onUploaded(doc);
  }, [dirty, onUploaded]);

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    setFile(picked);
    if (!values.name.trim()) setValues({ ...values, name: withoutExtension(picked.name) });
  };

  const reset = () => {
    setFile(null);
    setValues(EMPTY);
  };

  const save = () => {
    if (!file || !canSave) return;
    const metadata = {
      name: values.name.trim(),
      type: values.type as DocumentType,
      entityType: values.entityType as DocumentEntityType,
      tags: values.tags,
      description: values.description.trim() || null,
    };
    upload.mutate(
      { file, metadata },
      {
        onSuccess: (doc) => {
          enqueueSnackbar(UPLOAD_TOAST.success, { variant: 'success', autoHideDuration: UPLOAD_TOAST.hideAfterMs });
          uploaded.current = doc;
          reset();
        },
        onError: () => enqueueSnackbar(UPLOAD_TOAST.failure, { variant: 'error', autoHideDuration: UPLOAD_TOAST.hideAfterMs }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={upload.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Upload Document</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <input ref={input} type="file" hidden aria-label="File" onChange={(e) => pick(e.target.files?.[0])} />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Button variant="outlined" startIcon={<UploadFile />} onClick={() => input.current?.click()} sx={{ flexShrink: 0 }}>
              {file ? 'Change file' : 'Choose file'}
            </Button>
            <Typography variant="body2" noWrap sx={{ color: file ? 'text.primary' : 'text.secondary', minWidth: 0 }}>
              {file ? `${file.name} (${formatFileSize(file.size)})` : 'No file chosen'}
            </Typography>
          </Stack>
          <DocumentFields values={values} onChange={setValues} disabled={upload.isPending} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={upload.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={!canSave} loading={upload.isPending}>
          Save
        </Button>
      </DialogActions>
      {guard}
    </Dialog>
  );
}
