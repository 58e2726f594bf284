import Description from '@mui/icons-material/Description';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  Alert,
  AlertTitle,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { formatFileSize, type EvaluatorApplicationView } from '@tessera/domain';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import type { EvaluatorLink } from '../api/get-evaluator-application.ts';
import { useSubmitEvaluatorLetter } from '../api/submit-evaluator-letter.ts';
import { useUploadEvaluatorDocument } from '../api/upload-evaluator-document.ts';

/** What the server takes from an evaluator (evaluators.service.ts EVALUATOR_UPLOAD_TYPES): a PDF or a scanned image. */
const ACCEPT = 'application/pdf,image/png,image/jpeg,image/gif,image/webp,.pdf,.png,.jpg,.jpeg,.gif,.webp';
const NOTES_MAX = 2000;

function UploadedList({ documents }: { documents: EvaluatorApplicationView['documents'] }) {
  if (documents.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No documents uploaded yet.
      </Typography>
    );
  return (
    <List dense disablePadding aria-label="Uploaded documents">
      {documents.map((doc) => (
        <ListItem key={doc._id} disableGutters>
          <ListItemIcon sx={{ minWidth: 36 }}>
            <Description fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary={doc.originalName}
            secondary={formatFileSize(doc.size)}
            slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** 001 §2: the success dialog, then the page shows the submitted letter. */
function SubmittedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Application Submitted</DialogTitle>
      <DialogContent>
        <DialogContentText>The application has been submitted and is now under review</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The letter's files, the notes and Submit (disabled until a document is uploaded); a used link shows what was sent. */
export function EvaluatorLetterForm({ link, view }: { link: EvaluatorLink; view: EvaluatorApplicationView }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadEvaluatorDocument(link);
  const submit = useSubmitEvaluatorLetter(link);
  const [notes, setNotes] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const tooLong = notes.trim().length > NOTES_MAX;
  const canSubmit = view.documents.length > 0 && !tooLong && !upload.isPending && !submit.isPending;

  const pick = (file: File | undefined) => {
    if (!file) return;
    submit.reset();
    upload.mutate(file);
  };

  const send = () =>
    submit.mutate(
      { message: notes.trim() || undefined, documents: view.documents.map((d) => d._id) },
      { onSuccess: () => setDialogOpen(true) },
    );

  if (view.submitted)
    return (
      <>
        <Alert severity="success" variant="outlined">
          <AlertTitle>The letter has already been submitted</AlertTitle>
          Thank you. The application is now under review, and this link can no longer be used to upload documents.
          <UploadedList documents={view.documents} />
        </Alert>
        <SubmittedDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
      </>
    );

  return (
    <Card variant="outlined" component="section" aria-label="Your letter">
      <CardHeader title="Your letter" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <Stack spacing={2.5}>
          <Stack spacing={1}>
            <input
              ref={input}
              type="file"
              hidden
              accept={ACCEPT}
              aria-label="Letter file"
              onChange={(e) => {
                pick(e.target.files?.[0]);
                // The same file can be chosen again after a refusal.
                e.target.value = '';
              }}
            />
            <UploadedList documents={view.documents} />
            <div>
              <Button variant="outlined" startIcon={<UploadFile />} onClick={() => input.current?.click()} loading={upload.isPending}>
                Upload document
              </Button>
            </div>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              A PDF, PNG, JPEG, GIF or WebP file.
            </Typography>
            {upload.isError && <Alert severity="error">{errorMessage(upload.error)}</Alert>}
          </Stack>
          <TextField
            label="Notes"
            multiline
            minRows={3}
            fullWidth
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            error={tooLong}
            helperText={tooLong ? `Notes must be at most ${NOTES_MAX} characters` : `${notes.trim().length} / ${NOTES_MAX}`}
          />
          {submit.isError && <Alert severity="error">{errorMessage(submit.error)}</Alert>}
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button variant="contained" onClick={send} disabled={!canSubmit} loading={submit.isPending}>
              Submit
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
