import CheckCircle from '@mui/icons-material/CheckCircle';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import LibraryAdd from '@mui/icons-material/LibraryAdd';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import UploadFile from '@mui/icons-material/UploadFile';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Button,
  ButtonBase,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  formatFileSize,
  missingRequiredDocuments,
  moveItem,
  offerRequiredDocumentType,
  offerRequiredDocumentTypeLabels,
  renumber,
  REQUIRED_OFFER_DOCUMENTS,
  UPLOAD_TOAST,
  type DocumentType,
  type OfferDocumentItem,
  type OfferRequiredDocumentType,
} from '@tessera/domain';
import { useRef, useState } from 'react';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useSnackbar } from '../../../lib/toast.tsx';
import { uploadDocument } from '../../documents/index.ts';
import { useOfferDocuments } from '../api/list-offer-documents.ts';
import { useUpdateOfferDocuments } from '../api/update-offer-documents.ts';
import { useDraft } from '../../../hooks/use-draft.ts';
import { CompletenessChip } from './completeness-chip.tsx';
import { useOfferContext } from './offer-page.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { offerErrorMessage, offerErrorText } from './offer-toast.ts';
import { SortableList } from '../../../components/sortable-list.tsx';

/** The documents module's type for an offer document type. */
const DOCUMENT_TYPE: Record<OfferRequiredDocumentType, DocumentType> = {
  'operating-agreement': 'operating-agreement',
  'private-placement-memorandum': 'private-placement-memorandum',
  'subscription-agreement': 'subscription-agreement',
  'wire-instructions': 'wire-instructions',
  other: 'OTHER',
};
const withoutExtension = (name: string) => name.replace(/\.[^.]+$/, '');
const byPosition = (items: readonly OfferDocumentItem[]) => renumber([...items].sort((a, b) => a.position - b.position));

/** Documents tab (002 §5): the four documents required before publishing, uploads by type, order and visibility. */
export function OfferDocumentsTab() {
  const { tenantId, offer } = useOfferContext();
  const { enqueueSnackbar } = useSnackbar();
  const listed = useOfferDocuments(tenantId, offer._id);
  const save = useUpdateOfferDocuments(tenantId, offer._id);
  const draft = useDraft(byPosition(offer.documents));
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadType, setUploadType] = useState<OfferRequiredDocumentType>(missingRequiredDocuments(offer.documents)[0] ?? 'other');
  const [uploading, setUploading] = useState(false);
  /** Names of documents uploaded here before the list refetches. */
  const [uploadedNames, setUploadedNames] = useState<Record<string, { name: string; size: number }>>({});
  const facts = new Map<string, { name: string; size: number }>(Object.entries(uploadedNames));
  for (const d of listed.data ?? []) facts.set(d.document, { name: d.name, size: d.size });
  const missing = missingRequiredDocuments(offer.documents);

  const put = (documents: OfferDocumentItem[], onDone?: () => void) =>
    save.mutate(
      { documents: renumber(documents) },
      {
        onSuccess: () => {
          draft.reset();
          enqueueSnackbar('documents updated', { variant: 'success' });
          onDone?.();
        },
        onError: (error) => enqueueSnackbar(offerErrorText(error, 'Error updating offer'), { variant: 'error' }),
      },
    );

  const pick = (type: OfferRequiredDocumentType) => {
    setUploadType(type);
    fileInput.current?.click();
  };
  const upload = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const doc = await uploadDocument({
        file,
        metadata: {
          name: withoutExtension(file.name) || offerRequiredDocumentTypeLabels[uploadType],
          type: DOCUMENT_TYPE[uploadType],
          entityType: 'OFFER',
          tags: ['offer'],
          description: null,
        },
      });
      enqueueSnackbar(UPLOAD_TOAST.success, { variant: 'success', autoHideDuration: UPLOAD_TOAST.hideAfterMs });
      setUploadedNames((n) => ({ ...n, [doc._id]: { name: doc.name, size: doc.size } }));
      put([...draft.value, { document: doc._id, type: uploadType, position: draft.value.length, hidden: false }], () => {
        const next = missingRequiredDocuments([...offer.documents, { type: uploadType, hidden: false }])[0];
        if (next) setUploadType(next);
      });
    } catch (error) {
      enqueueSnackbar(offerErrorText(error, UPLOAD_TOAST.failure), { variant: 'error' });
    } finally {
      setUploading(false);
    }
  };
  const setItem = (index: number, patch: Partial<OfferDocumentItem>) =>
    draft.update((list) => list.map((d, i) => (i === index ? { ...d, ...patch } : d)));

  return (
    <Stack spacing={2}>
      <SectionCard
        title="Required documents"
        action={
          <CompletenessChip
            complete={missing.length === 0}
            missing={missing.length ? `Missing: ${missing.map((t) => offerRequiredDocumentTypeLabels[t]).join(', ')}` : undefined}
          />
        }
      >
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          These four documents are required before the offer can be published.
        </Typography>
        <List dense disablePadding aria-label="Required documents">
          {REQUIRED_OFFER_DOCUMENTS.map((type) => {
            // Only a shown document counts for publishing; a hidden one is named as such.
            const present = offer.documents.find((d) => d.type === type && !d.hidden);
            const hiddenOnly = present ? undefined : offer.documents.find((d) => d.type === type);
            return (
              <ListItem
                key={type}
                disableGutters
                secondaryAction={
                  <Button
                    size="small"
                    startIcon={<UploadFile />}
                    onClick={() => pick(type)}
                    disabled={uploading || save.isPending}
                    aria-label={`Upload ${offerRequiredDocumentTypeLabels[type]}`}
                  >
                    Upload
                  </Button>
                }
                sx={{ pr: 12 }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {present ? <CheckCircle color="success" fontSize="small" /> : <RadioButtonUnchecked color="warning" fontSize="small" />}
                </ListItemIcon>
                <ListItemText
                  primary={offerRequiredDocumentTypeLabels[type]}
                  secondary={
                    present
                      ? `Uploaded${facts.get(present.document) ? `: ${facts.get(present.document)?.name}` : ''}`
                      : hiddenOnly
                        ? `Hidden${facts.get(hiddenOnly.document) ? `: ${facts.get(hiddenOnly.document)?.name}` : ''} (show it to count for publishing)`
                        : 'Missing'
                  }
                  slotProps={{ secondary: { sx: { wordBreak: 'break-word' } } }}
                />
              </ListItem>
            );
          })}
        </List>
      </SectionCard>

      <SectionCard title="Documents">
        <input
          ref={fileInput}
          type="file"
          hidden
          aria-label="Document file"
          accept=".pdf,.docx,.xlsx,.csv,.txt,.png,.jpg,.jpeg"
          onChange={(e) => void upload(e.target.files?.[0])}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label="Document type"
            value={uploadType}
            onChange={(e) => setUploadType(e.target.value as OfferRequiredDocumentType)}
            sx={{ minWidth: 240 }}
          >
            {offerRequiredDocumentType.options.map((t) => (
              <MenuItem key={t} value={t}>
                {offerRequiredDocumentTypeLabels[t]}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            startIcon={<UploadFile />}
            onClick={() => fileInput.current?.click()}
            loading={uploading}
            loadingPosition="start"
            disabled={save.isPending}
          >
            Upload Document
          </Button>
          <Button
            variant="outlined"
            startIcon={<LibraryAdd />}
            onClick={() => enqueueSnackbar('This feature is not yet implemented', { variant: 'warning' })}
          >
            Select Existing Document
          </Button>
        </Stack>
        {listed.isPending && offer.documents.length > 0 ? (
          <SkeletonList rows={Math.min(offer.documents.length, 5)} label="Loading documents" />
        ) : draft.value.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No documents yet.
          </Typography>
        ) : (
          <>
            {listed.isError && (
              <Alert severity="warning">
                The document names could not be loaded: {offerErrorMessage(listed.error, 'Error loading documents')}
              </Alert>
            )}
            <SortableList
              label="Offer documents"
              items={draft.value}
              getKey={(item) => item.document}
              itemLabel={(_item, index) => `document ${index + 1}`}
              onMove={(from, to) => draft.update((list) => moveItem(list, from, to))}
              renderItem={(item, index) => {
                const fact = facts.get(item.document);
                return (
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, minWidth: 0 }}>
                    <ButtonBase
                      onClick={() => enqueueSnackbar('Document details open from the Documents page of your account.', { variant: 'info' })}
                      sx={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', textAlign: 'left', borderRadius: 1 }}
                    >
                      <Stack sx={{ minWidth: 0 }}>
                        <Typography
                          variant="body2"
                          sx={{ fontWeight: 500, wordBreak: 'break-word', textDecoration: item.hidden ? 'line-through' : 'none' }}
                        >
                          {fact?.name ?? 'Document'}
                        </Typography>
                        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                          {offerRequiredDocumentTypeLabels[item.type]}
                          {fact ? ` \u00b7 ${formatFileSize(fact.size)}` : ''} · position {item.position}
                          {item.hidden ? ' \u00b7 hidden' : ''}
                        </Typography>
                      </Stack>
                    </ButtonBase>
                    <Stack direction="row" sx={{ alignItems: 'center' }}>
                      <Tooltip title={item.hidden ? 'Show' : 'Hide'}>
                        <IconButton
                          size="small"
                          aria-label={`${item.hidden ? 'Show' : 'Hide'} document ${index + 1}`}
                          aria-pressed={item.hidden}
                          onClick={() => setItem(index, { hidden: !item.hidden })}
                        >
                          {item.hidden ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Remove from the offer">
                        <IconButton
                          size="small"
                          aria-label={`Remove document ${index + 1}`}
                          onClick={() => draft.update((list) => renumber(list.filter((_, i) => i !== index)))}
                        >
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  </Stack>
                );
              }}
            />
          </>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={draft.reset} disabled={!draft.dirty || save.isPending}>
            Reset
          </Button>
          <Button
            variant="contained"
            onClick={() => put(draft.value)}
            disabled={!draft.dirty || save.isPending}
            loading={save.isPending && !uploading}
          >
            Update documents
          </Button>
        </Stack>
      </SectionCard>
      <UnsavedChangesGuard when={draft.dirty} />
    </Stack>
  );
}
