import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import TextSnippet from '@mui/icons-material/TextSnippet';
import { Alert, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { formatFileSize, type DocumentEntityType, type DocumentRecord, type DocumentType } from '@tessera/domain';
import { formatDateTime } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteDocument } from '../api/delete-document.ts';
import { useDownloadDocument } from '../api/download-document.ts';
import { useParseDocument } from '../api/parse-document.ts';
import { useUpdateDocument } from '../api/update-document.ts';
import { DocumentFields, hasRequiredMetadata, type DocumentFieldValues } from './document-fields.tsx';
import { useDocumentContext } from './document-page.tsx';

const PARSEABLE = new Set(['application/pdf', 'text/csv', 'text/plain']);
const fieldsOf = (d: DocumentRecord): DocumentFieldValues => ({
  name: d.name,
  type: d.type,
  entityType: d.entityType,
  tags: d.tags,
  description: d.description ?? '',
});

function Info({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', minWidth: 0 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ textAlign: 'right', wordBreak: 'break-all' }}>
        {value}
      </Typography>
    </Stack>
  );
}

export function DocumentDetailsTab() {
  const { document } = useDocumentContext();
  // Keyed by the saved version, so a save (or another tab's change) starts the form again from the server's values.
  return <DetailsForm key={document.updatedAt} document={document} />;
}

function DetailsForm({ document }: { document: DocumentRecord }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { confirm, confirmDialog } = useConfirm();
  const [values, setValues] = useState(() => fieldsOf(document));
  const update = useUpdateDocument(document._id);
  const remove = useDeleteDocument(document._id);
  const parse = useParseDocument(document._id);
  const download = useDownloadDocument();
  const dirty = JSON.stringify(values) !== JSON.stringify(fieldsOf(document));
  const canEdit = document.rights.update;

  const save = () =>
    update.mutate(
      {
        name: values.name.trim(),
        type: values.type as DocumentType,
        entityType: values.entityType as DocumentEntityType,
        tags: values.tags,
        description: values.description.trim() || null,
      },
      // §8: document save errors are only logged.
      { onError: (error) => console.error('Saving the document failed', error) },
    );

  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              Details
            </Typography>
            <DocumentFields values={values} onChange={setValues} disabled={!canEdit || update.isPending} />
            {canEdit && (
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={() => setValues(fieldsOf(document))} disabled={!dirty || update.isPending}>
                  Cancel
                </Button>
                <Button variant="contained" onClick={save} disabled={!dirty || !hasRequiredMetadata(values)} loading={update.isPending}>
                  Save
                </Button>
              </Stack>
            )}
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={1.5}>
            <Typography variant="h6" component="h2">
              File
            </Typography>
            <Info label="File name" value={document.originalName} />
            <Info label="Content type" value={document.mimeType} />
            <Info label="Size" value={formatFileSize(document.size)} />
            <Info label="Uploaded" value={formatDateTime(document.createdAt)} />
            <Info label="Updated" value={formatDateTime(document.updatedAt)} />
            <Info label="Text extracted" value={document.parsed ? 'Yes' : 'No'} />
            <Divider />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button
                variant="outlined"
                startIcon={<Download />}
                loading={download.isPending}
                onClick={() =>
                  download.mutate(document, { onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }) })
                }
              >
                Download
              </Button>
              {canEdit && PARSEABLE.has(document.mimeType) && (
                <Button
                  variant="outlined"
                  startIcon={<TextSnippet />}
                  loading={parse.isPending}
                  onClick={() =>
                    parse.mutate(undefined, {
                      onSuccess: (r) =>
                        enqueueSnackbar(`Extracted ${r.characters} characters: search now finds this document by its text`, {
                          variant: 'success',
                        }),
                      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
                    })
                  }
                >
                  Extract text
                </Button>
              )}
              {document.rights.delete && (
                <Button
                  color="error"
                  variant="outlined"
                  startIcon={<Delete />}
                  onClick={() =>
                    confirm({
                      title: `Delete ${document.name}?`,
                      message: "The file and everyone's access to it are removed.",
                      confirmLabel: 'Delete',
                      destructive: true,
                      onConfirm: async () => {
                        await remove.mutateAsync();
                        enqueueSnackbar(`Deleted ${document.name}`, { variant: 'success' });
                        void navigate('/document');
                      },
                    })
                  }
                >
                  Delete
                </Button>
              )}
            </Stack>
            {!canEdit && (
              <Alert severity="info" variant="outlined">
                This document was shared with you to read.
              </Alert>
            )}
          </Stack>
        </CardContent>
      </Card>
      <UnsavedChangesGuard when={dirty} />
      {confirmDialog}
    </Stack>
  );
}
