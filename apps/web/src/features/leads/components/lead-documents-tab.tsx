import Download from '@mui/icons-material/Download';
import OpenInNew from '@mui/icons-material/OpenInNew';
import UploadFile from '@mui/icons-material/UploadFile';
import { Button, IconButton, List, ListItem, ListItemText, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { documentType, documentTypeLabels, formatFileSize, UPLOAD_TOAST, type DocumentRecord, type DocumentType } from '@tessera/domain';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { formatDate, useDateFormats } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useDownloadDocument } from '../../documents/index.ts';
import { useLeadDocuments } from '../api/list-lead-documents.ts';
import { useUploadLeadDocument } from '../api/upload-lead-document.ts';
import { useLeadContext } from './lead-detail-page.tsx';
import { leadErrorText } from './lead-toast.ts';

const withoutExtension = (name: string) => name.replace(/\.[^.]+$/, '');

/**
 * Documents tab (002 §2, §6): the documents shared with the lead. An upload here is owned by the institution and read
 * by the lead's tenant member once they have one.
 */
export function LeadDocumentsTab() {
  useDateFormats();
  const { tenantId, lead } = useLeadContext();
  const { enqueueSnackbar } = useSnackbar();
  const documents = useLeadDocuments(tenantId, lead._id);
  const upload = useUploadLeadDocument(tenantId, lead._id);
  const download = useDownloadDocument();
  const input = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<DocumentType>('OTHER');

  const send = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    upload.mutate(
      { file, name: withoutExtension(file.name) || file.name, type },
      {
        onSuccess: () => enqueueSnackbar(UPLOAD_TOAST.success, { variant: 'success', autoHideDuration: UPLOAD_TOAST.hideAfterMs }),
        onError: (error) => enqueueSnackbar(leadErrorText(error, UPLOAD_TOAST.failure), { variant: 'error' }),
      },
    );
  };

  const save = (doc: DocumentRecord) =>
    download.mutate(doc, { onError: (error) => enqueueSnackbar(leadErrorText(error, 'Failed to download file'), { variant: 'error' }) });

  return (
    <SectionCard title="Shared documents">
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Documents shared with the lead: your institution owns them, and the lead can read them once they have an account.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="Document type"
          value={type}
          onChange={(e) => setType(e.target.value as DocumentType)}
          sx={{ minWidth: 220 }}
        >
          {documentType.options.map((t) => (
            <MenuItem key={t} value={t}>
              {documentTypeLabels[t]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<UploadFile />}
          loading={upload.isPending}
          onClick={() => input.current?.click()}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          Upload document
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          aria-label="Document file"
          accept=".pdf,.docx,.xlsx,.csv,.txt,.png,.jpg,.jpeg"
          onChange={(e) => send(e.target.files?.[0])}
        />
      </Stack>
      {documents.isPending ? (
        <SkeletonList rows={3} label="Loading documents" />
      ) : documents.error ? (
        <ErrorBlock error={documents.error} onRetry={() => void documents.refetch()} />
      ) : documents.data.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No documents shared with this lead yet.
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Shared documents">
          {documents.data.data.map((doc) => (
            <ListItem
              key={doc._id}
              disableGutters
              secondaryAction={
                <Stack direction="row">
                  <Tooltip title="Open">
                    <IconButton component={RouterLink} to={`/document/${encodeURIComponent(doc._id)}`} aria-label={`Open ${doc.name}`}>
                      <OpenInNew fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Download">
                    <IconButton onClick={() => save(doc)} aria-label={`Download ${doc.name}`}>
                      <Download fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
              }
              sx={{ pr: 12 }}
            >
              <ListItemText
                primary={doc.name}
                secondary={`${documentTypeLabels[doc.type]} · ${formatFileSize(doc.size)} · ${formatDate(doc.createdAt)}`}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
