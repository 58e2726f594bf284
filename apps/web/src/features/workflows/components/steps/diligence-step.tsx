import Download from '@mui/icons-material/Download';
import Visibility from '@mui/icons-material/Visibility';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormHelperText,
  List,
  ListItem,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { formatFileSize, type MarketplaceDocumentFile } from '@tessera/domain';
import { useState } from 'react';
import { ErrorBlock } from '../../../../components/error-block.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useSnackbar } from '../../../../lib/toast.tsx';
import { useDownloadMarketplaceDocument, useMarketplaceOfferDocuments } from '../../../marketplace/index.ts';
import { useStepAction } from '../../hooks/use-step-action.ts';
import { StepFrame } from '../step-frame.tsx';
import type { StepProps } from './step-props.ts';

/** The confirmation 001 §3 requires before diligence completes. */
export const DILIGENCE_CONFIRM_LABEL = 'I have reviewed the offering documents';
const CONFIRM_REQUIRED = 'Confirm that you have reviewed the offering documents';

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * Diligence (001 §2, §3): the offer's documents, each to view or download; every view and download is recorded on the
 * step (`PUT steps/diligence`), and the investor confirms having reviewed them before going on.
 */
export function DiligenceStep(props: StepProps) {
  const { tenantId, workflow, step, onBack } = props;
  const offerId = workflow.config.offer ?? '';
  const documents = useMarketplaceOfferDocuments(tenantId, offerId);
  const download = useDownloadMarketplaceDocument();
  const action = useStepAction(props);
  const { enqueueSnackbar } = useSnackbar();
  const [viewed, setViewed] = useState(() => ids(step.data.viewedDocuments));
  const [downloaded, setDownloaded] = useState(() => ids(step.data.downloadedDocuments));
  const [confirmed, setConfirmed] = useState(step.data.diligenceConfirm === true);
  const [tried, setTried] = useState(false);

  // Each view and download is recorded on the step as it happens, quietly: it is not an answer the investor gives.
  const record = (field: 'viewedDocuments' | 'downloadedDocuments', id: string) => {
    const setter = field === 'viewedDocuments' ? setViewed : setDownloaded;
    setter((list) => (list.includes(id) ? list : [...list, id]));
    void action.update({ [field]: [id] }, { quiet: true, onError: () => true });
  };
  const view = (doc: MarketplaceDocumentFile) => {
    record('viewedDocuments', doc._id);
    window.open(doc.url, '_blank', 'noopener');
  };
  const save = (doc: MarketplaceDocumentFile) => {
    record('downloadedDocuments', doc._id);
    download.mutate(doc, { onError: (e) => enqueueSnackbar(`Download failed: ${errorMessage(e)}`, { variant: 'error' }) });
  };

  const onContinue = () => {
    setTried(true);
    if (!confirmed) return;
    void action.complete({ viewedDocuments: viewed, downloadedDocuments: downloaded, diligenceConfirm: true });
  };

  return (
    <StepFrame step={step} onBack={onBack} submitting={action.submitting} onContinue={onContinue}>
      {!offerId ? (
        <Typography sx={{ color: 'text.secondary' }}>This workflow has no offer, so there are no documents to review.</Typography>
      ) : documents.error ? (
        <ErrorBlock error={documents.error} onRetry={() => void documents.refetch()} />
      ) : documents.isPending ? (
        <Stack spacing={1} aria-busy="true" aria-label="Loading the documents">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : documents.data.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>This offer has no documents yet.</Typography>
      ) : (
        <List disablePadding aria-label="Offering documents" sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
          {documents.data.map((doc, i) => (
            <ListItem key={doc._id} divider={i < documents.data.length - 1} sx={{ flexWrap: 'wrap', gap: 1, py: 1.5 }}>
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{doc.name}</Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {`${doc.originalName} · ${formatFileSize(doc.size)}`}
                </Typography>
                <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
                  {viewed.includes(doc._id) && <Chip size="small" color="success" variant="outlined" label="Viewed" />}
                  {downloaded.includes(doc._id) && <Chip size="small" color="success" variant="outlined" label="Downloaded" />}
                </Stack>
              </Box>
              <Stack direction="row" spacing={1}>
                <Button size="small" startIcon={<Visibility />} onClick={() => view(doc)} aria-label={`View ${doc.name}`}>
                  View
                </Button>
                <Button
                  size="small"
                  startIcon={<Download />}
                  onClick={() => save(doc)}
                  loading={download.isPending && download.variables?._id === doc._id}
                  aria-label={`Download ${doc.name}`}
                >
                  Download
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      <FormControl error={tried && !confirmed}>
        <FormControlLabel
          control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
          label={DILIGENCE_CONFIRM_LABEL}
        />
        {tried && !confirmed && <FormHelperText>{CONFIRM_REQUIRED}</FormHelperText>}
      </FormControl>
    </StepFrame>
  );
}
