import CloudUpload from '@mui/icons-material/CloudUpload';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import {
  Box,
  Button,
  FormHelperText,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { documentDateProblem, formatFileSize, maxDocumentAgeDays, type DocumentAnswerKey } from '@tessera/domain';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { errorMessage } from '../../../../lib/api-client.ts';
import { newId } from '../../../../lib/new-id.ts';
import { useDeleteApplicationDocument } from '../../api/delete-application-document.ts';
import { useApplicationDocuments } from '../../api/list-application-documents.ts';
import { useUploadApplicationDocument } from '../../api/upload-application-document.ts';

interface DocumentUploadFieldProps {
  applicationId: string;
  questionKey: DocumentAnswerKey;
  label: string;
  description?: string;
  required?: boolean;
  /** The ids of the documents given for this answer so far. */
  value: string[];
  onChange: (ids: string[]) => void;
  /** The answer's own error (a rule of the screen), shown under the list. */
  error?: string;
  disabled?: boolean;
}

interface Upload {
  key: string;
  name: string;
  error: string | null;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The one uploader of the wizard's document questions: drop files or choose them, each uploads at once with its own
 * progress or error, the uploaded ones listed with Remove. Statements and credit reports first ask the date printed on
 * the document, checked here for a quick answer and again by the server (with the file's own dates) on upload.
 */
export function DocumentUploadField({
  applicationId,
  questionKey,
  label,
  description,
  required,
  value,
  onChange,
  error,
  disabled,
}: DocumentUploadFieldProps) {
  const labelId = useId();
  const input = useRef<HTMLInputElement>(null);
  const documents = useApplicationDocuments(applicationId);
  const upload = useUploadApplicationDocument(applicationId);
  const remove = useDeleteApplicationDocument(applicationId);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [names, setNames] = useState<Record<string, { name: string; size: number }>>({});
  const [removing, setRemoving] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [documentDate, setDocumentDate] = useState('');
  // The ids as the last render saw them, for uploads that finish while others still run.
  const ids = useRef(value);
  useEffect(() => {
    ids.current = value;
  }, [value]);

  const dated = maxDocumentAgeDays(questionKey) !== null;
  const dateProblem = dated && documentDate ? documentDateProblem(questionKey, new Date(`${documentDate}T12:00:00Z`), new Date()) : null;
  const canUpload = !disabled && (!dated || (documentDate !== '' && dateProblem === null));

  const send = (file: File) => {
    const key = newId();
    setUploads((list) => [...list, { key, name: file.name, error: null }]);
    upload.mutate(
      { file, metadata: { questionKey, ...(dated && { documentDate }) } },
      {
        onSuccess: (doc) => {
          setNames((known) => ({ ...known, [doc._id]: { name: doc.name, size: doc.size } }));
          setUploads((list) => list.filter((u) => u.key !== key));
          ids.current = [...ids.current, doc._id];
          onChange(ids.current);
        },
        onError: (failure) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, error: errorMessage(failure) } : u))),
      },
    );
  };

  const sendAll = (files: FileList | null) => {
    if (!files || !canUpload) return;
    for (const file of Array.from(files)) send(file);
    if (input.current) input.current.value = '';
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    sendAll(event.dataTransfer.files);
  };

  const removeDocument = (id: string) => {
    setRemoving(id);
    setRemoveError(null);
    remove.mutate(id, {
      onSuccess: () => {
        ids.current = ids.current.filter((other) => other !== id);
        onChange(ids.current);
      },
      onError: (failure) => setRemoveError(errorMessage(failure)),
      onSettled: () => setRemoving(null),
    });
  };

  const nameOf = (id: string) => names[id] ?? documents.data?.data.find((doc) => doc._id === id) ?? null;

  return (
    <Stack spacing={1.5} role="group" aria-labelledby={labelId}>
      <Box>
        <Typography id={labelId} sx={{ fontWeight: 500 }}>
          {label}
          {required && <span aria-hidden> *</span>}
        </Typography>
        {description && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {description}
          </Typography>
        )}
      </Box>
      {dated && (
        <TextField
          type="date"
          label="Date on the document"
          value={documentDate}
          onChange={(event) => setDocumentDate(event.target.value)}
          disabled={disabled}
          error={dateProblem !== null}
          helperText={dateProblem ?? 'The date printed on the statement you are about to upload'}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today() } }}
          sx={{ maxWidth: { sm: 280 } }}
        />
      )}
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          if (canUpload) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={(theme) => ({
          border: `2px dashed ${dragging ? theme.palette.primary.main : theme.palette.divider}`,
          bgcolor: dragging ? alpha(theme.palette.primary.main, 0.08) : 'transparent',
          borderRadius: 2,
          p: 2,
          textAlign: 'center',
          opacity: canUpload ? 1 : 0.6,
        })}
      >
        <input
          ref={input}
          type="file"
          hidden
          multiple
          accept="application/pdf,image/*"
          aria-label={`Files for ${label}`}
          onChange={(event) => sendAll(event.target.files)}
        />
        <Button variant="outlined" startIcon={<CloudUpload />} onClick={() => input.current?.click()} disabled={!canUpload}>
          Choose files
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {dated && !documentDate
            ? 'Enter the date on the document first, then drop or choose the file.'
            : 'or drop PDF or image files here'}
        </Typography>
      </Box>
      {(value.length > 0 || uploads.length > 0) && (
        <List dense disablePadding aria-label={`Uploaded for ${label}`}>
          {value.map((id) => {
            const doc = nameOf(id);
            const name = doc?.name ?? 'Uploaded document';
            return (
              <ListItem
                key={id}
                disableGutters
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${name}`}
                    onClick={() => removeDocument(id)}
                    disabled={disabled || removing !== null}
                  >
                    <DeleteOutlined />
                  </IconButton>
                }
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <InsertDriveFile fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={name} secondary={doc ? formatFileSize(doc.size) : null} slotProps={{ primary: { noWrap: true } }} />
              </ListItem>
            );
          })}
          {uploads.map((item) => (
            <ListItem
              key={item.key}
              disableGutters
              secondaryAction={
                item.error && (
                  <IconButton
                    edge="end"
                    aria-label={`Dismiss ${item.name}`}
                    onClick={() => setUploads((list) => list.filter((u) => u.key !== item.key))}
                  >
                    <DeleteOutlined />
                  </IconButton>
                )
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <InsertDriveFile fontSize="small" color={item.error ? 'error' : 'inherit'} />
              </ListItemIcon>
              <ListItemText
                primary={item.name}
                slotProps={{ primary: { noWrap: true }, secondary: { component: 'div' } }}
                secondary={
                  item.error ? (
                    <Typography variant="body2" color="error" role="alert">
                      {item.error}
                    </Typography>
                  ) : (
                    <LinearProgress aria-label={`Uploading ${item.name}`} sx={{ mt: 0.5 }} />
                  )
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {removeError && <FormHelperText error>{removeError}</FormHelperText>}
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
    </Stack>
  );
}
